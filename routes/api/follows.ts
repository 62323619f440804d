import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { blocksBetween } from "../../db/queries/blocks.ts";
import { deleteFollow, findFollowCounts, findFollowTarget, insertFollow, isFollowing, listFollows } from "../../db/queries/follows.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { followingFeedPath, renewFollowingFeedToken } from "../../lib/community/follows.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http_error.ts";
import { parseOr400, queryOr400 } from "../../lib/validate.ts";
import { FOLLOW_MSG, FOLLOW_PAGE_SIZE, MAX_FOLLOWS } from "../../common/follow_rules.ts";
import { type FollowListEntry, type FollowState, listPageQuery } from "../../common/schemas/follows.ts";
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
          await insertFollow(tx, me.id, id);
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

const toEntry = (r: { id: number; username: string; createdAt: number; isAdmin: boolean }): FollowListEntry => ({
  id: r.id,
  username: r.username,
  createdAt: new Date(r.createdAt).toISOString(),
  isAdmin: r.isAdmin,
});

/**
 * The member's own lists, mounted at /api/user: `GET /following` and `GET /followers` (newest first,
 * paged; nobody else's lists are served: decision 029), and `POST /following-feed/token`, a new secret
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
  const offset = (page - 1) * FOLLOW_PAGE_SIZE;
  const [rows, counts] = await Promise.all([
    listFollows(c.var.db, which, me.id, FOLLOW_PAGE_SIZE, offset),
    findFollowCounts(c.var.db, me.id),
  ]);
  const totalCount = which === "following" ? counts.followingCount : counts.followerCount;
  return c.json({ users: rows.map(toEntry), totalCount, page, pageSize: FOLLOW_PAGE_SIZE });
}
