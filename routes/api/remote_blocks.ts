import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import {
  addRemoteBlock,
  countRemoteBlocks,
  listRemoteBlocks,
  type RemoteBlockKind,
  removeRemoteBlock,
} from "../../db/queries/remote_actor_blocks.ts";
import { findRemoteActor, removeRemoteFollowOf } from "../../db/queries/remote_inbound.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { HttpError, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { idOr400 } from "../../lib/validate.ts";
import { BLOCKS_MAX, MESSAGE_MSG } from "../../common/message_rules.ts";
import { MUTE_MSG, MUTES_MAX } from "../../common/schemas/mutes.ts";
import { FEDERATION_MSG } from "../../common/federation_rules.ts";

/**
 * `/api/user/remote-actors` (issue 40 point 5): a member's blocks and mutes of accounts on other servers, as of members.
 * A block ends that account's follow of the member and refuses its follows, replies and likes on the member's items;
 * a block or a mute keeps its comments from the member's eyes. Capped and rate-limited as the member lists are.
 */
export function remoteBlocksApi(limiter: RateLimiter) {
  const add = (kind: RemoteBlockKind) => async (c: Context<AppEnv>) => {
    const me = requireUser(c);
    const { rate } = c.var.config;
    await limiter.hit(`${kind}:${me.id}`, kind === "block" ? rate.blocksPerUser : rate.mutesPerUser, rate.socialWindowSeconds);
    const id = idOr400(c.req.param("id"));
    const changed = await writeTx(c.var.db, async (tx) => {
      if (!(await findRemoteActor(tx, id))) throw notFound(FEDERATION_MSG.actorNotFound);
      const max = kind === "block" ? BLOCKS_MAX : MUTES_MAX;
      if ((await countRemoteBlocks(tx, me.id, kind)) >= max) {
        throw new HttpError(422, kind === "block" ? MESSAGE_MSG.tooManyBlocks : MUTE_MSG.tooMany);
      }
      const added = await addRemoteBlock(tx, me.id, id, kind);
      if (kind === "block") await removeRemoteFollowOf(tx, id, me.id);
      return added;
    });
    return c.json({ ok: true, id, kind, changed }, changed ? 201 : 200);
  };
  const remove = (kind: RemoteBlockKind) => async (c: Context<AppEnv>) => {
    const me = requireUser(c);
    const id = idOr400(c.req.param("id"));
    const removed = await writeTx(c.var.db, (tx) => removeRemoteBlock(tx, me.id, id, kind));
    if (!removed) throw notFound(kind === "block" ? "Not blocked" : "Not muted");
    return c.json({ ok: true, id, kind });
  };
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    })
    .get("/", async (c) => c.json(await listRemoteBlocks(c.var.db, requireUser(c).id)))
    .post("/:id/block", add("block"))
    .delete("/:id/block", remove("block"))
    .post("/:id/mute", add("mute"))
    .delete("/:id/mute", remove("mute"));
}
