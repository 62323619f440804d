import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { blocksBetween } from "../../db/queries/blocks.ts";
import { notifyFollow } from "../../db/queries/notify.ts";
import { deleteFollow, findFollowCounts, findFollowTarget, insertFollow, isFollowing } from "../../db/queries/follows.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { followingFeedPath, followPage, renewFollowingFeedToken } from "../../lib/community/follows.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http_error.ts";
import { parseOr400, queryOr400 } from "../../lib/validate.ts";
import { FOLLOW_MSG, MAX_FOLLOWS } from "../../common/follow_rules.ts";
import { type FollowState, listPageQuery } from "../../common/schemas/follows.ts";
import { userIdParam } from "../../common/schemas/messages.ts";

const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  await next();
  c.header("Cache-Control", "private, no-store");
};

/** The member a follow names: not oneself, an account that exists and is not banned (404 otherwise). */
async function followTarget(c: Context<AppEnv>, me: number): Promise<number> {
  const id = Number(parseOr400(userIdParam, c.req.param("id")));
  if (id === me) throw badRequest(FOLLOW_MSG.self);
  const target = await findFollowTarget(c.var.db, id);
  if (!target || target.banned) throw notFound(FOLLOW_MSG.notFound);
  return id;
}

/**
 * `POST|DELETE /api/users/{id}/follow` (issue 32), mounted at /api/users: idempotent, answering the state
 * and the member's follower count. Following is refused (403) when either has blocked the other, past
 * MAX_FOLLOWS (422) and past RATE_FOLLOWS_PER_USER a window (429).
 */
export const followApi = (limiter: RateLimiter) =>
  new Hono<AppEnv>()
    .use("/:id/follow", noStore)
    .post("/:id/follow", async (c) => {
      const me = requireUser(c);
      const id = await followTarget(c, me.id);
      const { followsPerUser, socialWindowSeconds } = c.var.config.rate;
      await limiter.hit(`follow:${me.id}`, followsPerUser, socialWindowSeconds);
      const state = await writeTx(c.var.db, async (tx): Promise<FollowState> => {
        // Again under the write lock: a ban committed since the check above leaves no follow behind.
        if ((await findFollowTarget(tx, id))?.banned !== false) throw notFound(FOLLOW_MSG.notFound);
        const { iBlocked, blockedMe } = await blocksBetween(tx, me.id, id);
        if (iBlocked || blockedMe) throw forbidden(FOLLOW_MSG.blocked);
        if (!(await isFollowing(tx, me.id, id))) {
          if ((await findFollowCounts(tx, me.id)).followingCount >= MAX_FOLLOWS) throw new HttpError(422, FOLLOW_MSG.tooMany);
          if (await insertFollow(tx, me.id, id)) await notifyFollow(tx, me.id, id);
        }
        return { following: true, followerCount: (await findFollowCounts(tx, id)).followerCount };
      });
      return c.json(state);
    })
    .delete("/:id/follow", async (c) => {
      const me = requireUser(c);
      const id = await followTarget(c, me.id);
      const state = await writeTx(c.var.db, async (tx): Promise<FollowState> => {
        await deleteFollow(tx, me.id, id);
        return { following: false, followerCount: (await findFollowCounts(tx, id)).followerCount };
      });
      return c.json(state);
    });

/**
 * `GET /api/users/{id}/followers` and `/following` (issue 43 point 2): anyone's lists, newest first, paged,
 * public unless the member hid them (`showFollows`), then 403 to everyone but the member. Banned or unknown: 404.
 */
export const publicFollowListsApi = new Hono<AppEnv>()
  .get("/:id/followers", (c) => othersList(c, "followers"))
  .get("/:id/following", (c) => othersList(c, "following"));

async function othersList(c: Context<AppEnv>, which: "following" | "followers") {
  const id = Number(parseOr400(userIdParam, c.req.param("id")));
  const page = queryOr400(c, listPageQuery).page ?? 1;
  const owner = await findFollowTarget(c.var.db, id);
  if (!owner || owner.banned) throw notFound(FOLLOW_MSG.notFound);
  if (!owner.showFollows && c.var.user?.id !== id) throw forbidden(FOLLOW_MSG.listsHidden);
  c.header("Cache-Control", "private, no-cache");
  return c.json(await followPage(c.var.db, which, id, page));
}

/**
 * The member's own lists, mounted at /api/user: `GET /following` and `GET /followers` (newest first,
 * paged; others' lists are publicFollowListsApi, issue 43), and `POST /following-feed/token`, a new secret
 * address for the Following feed (the old one answers 404 from then on).
 */
export const followListsApi = new Hono<AppEnv>()
  .use("/following", noStore)
  .use("/followers", noStore)
  .use("/following-feed/token", noStore)
  .get("/following", (c) => followList(c, "following"))
  .get("/followers", (c) => followList(c, "followers"))
  .post("/following-feed/token", async (c) => {
    const me = requireUser(c);
    const token = await renewFollowingFeedToken(c.var.db, me.id);
    return c.json({ url: new URL(followingFeedPath(token), c.var.config.siteUrl).href });
  });

async function followList(c: Context<AppEnv>, which: "following" | "followers") {
  const me = requireUser(c);
  const page = queryOr400(c, listPageQuery).page ?? 1;
  return c.json(await followPage(c.var.db, which, me.id, page));
}
