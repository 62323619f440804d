import { Hono } from "hono";
import { findFollowableMember } from "../../db/queries/federation_profile.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { HttpError, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { viewerKey } from "../../lib/media/media_access.ts";
import { jsonBody } from "../../lib/validate.ts";
import { remoteFollowUrl } from "../../lib/federation/remote_follow.ts";
import { remoteFollowSchema } from "../../common/schemas/federation.ts";
import { FEDERATION_MSG } from "../../common/federation_rules.ts";

/** Lookups of other servers a visitor or member may ask for per window: each is an outgoing request of ours. */
const LOOKUPS_PER_WINDOW = 20;

/**
 * `POST /api/federation/remote-follow` `{ username, account }` (issue 40 point 2): "Follow from your server". We read the
 * account's server's WebFinger (lib/federation/remote_follow.ts: guarded, bounded) and answer `{ url }`, its follow page
 * for our member, where the profile's field sends the browser. 404 for a member who cannot be followed (unknown, banned,
 * opted out, or FEDERATION off), 422 when the server cannot be reached or names no follow page.
 */
export function remoteFollowApi(limiter: RateLimiter) {
  return new Hono<AppEnv>().post("/remote-follow", async (c) => {
    const { config } = c.var;
    await limiter.hit(`remote-follow:${viewerKey(c)}`, LOOKUPS_PER_WINDOW, config.rate.socialWindowSeconds);
    const { username, account } = await jsonBody(c, remoteFollowSchema);
    if (!config.federation.enabled) throw notFound(FEDERATION_MSG.memberNotFound);
    const member = await findFollowableMember(c.var.db, username);
    if (!member) throw notFound(FEDERATION_MSG.memberNotFound);
    const actor = new URL(`/user/${member.id}`, config.siteUrl).href;
    const found = await remoteFollowUrl(account, actor, { allowPrivate: config.federation.allowPrivateAddresses });
    if ("error" in found) {
      throw new HttpError(422, found.error === "unreachable" ? FEDERATION_MSG.serverUnreachable : FEDERATION_MSG.noFollowPage);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ url: found.url });
  });
}
