import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { blocksBetween, blockUser, countBlocks, unblockUser } from "../../db/queries/blocks.ts";
import { isFollowing, removeFollowsBetween } from "../../db/queries/follows.ts";
import { findProfileUserById, findProfileUserByUsername } from "../../db/queries/profiles.ts";
import { decodeCursor, profilePage, publicItemCount, shownItemCount } from "../../lib/feed/profile_pages.ts";
import { itemRowsByIds } from "../../lib/feed/item_rows.ts";
import type { ProfileUser } from "../../db/queries/profiles.ts";
import { mutesUser } from "../../db/queries/mutes.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, HttpError, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { canSeeProfile, toPublicProfile } from "../../lib/community/profiles.ts";
import { parseOr400, queryOr400 } from "../../lib/validate.ts";
import { BLOCKS_MAX, MESSAGE_MSG } from "../../common/message_rules.ts";
import { PROFILE_MSG, PROFILE_PAGE_SIZE } from "../../common/profile_rules.ts";
import { profileContentQuery, userIdParam } from "../../common/schemas/messages.ts";

const pathUserId = (c: Context<AppEnv>, name: string) => Number(parseOr400(userIdParam, c.req.param(name)));

function visibleOr404(c: Context<AppEnv>, user: ProfileUser | undefined): ProfileUser {
  if (!user || !canSeeProfile(user, c.var.user)) throw notFound(MESSAGE_MSG.userNotFound);
  return user;
}

/** The profile JSON; a signed-in viewer also learns whether they follow the member (issue 32), so it is theirs alone. */
async function profileJson(c: Context<AppEnv>, user: ProfileUser) {
  const viewer = c.var.user;
  if (!viewer) return c.json(toPublicProfile(user));
  c.header("Cache-Control", "private, no-cache");
  return c.json(toPublicProfile(user, viewer.id !== user.id && await isFollowing(c.var.db, viewer.id, user.id)));
}

/** The target of a block: not oneself, an existing account (a banned one may still be blocked). */
async function blockTarget(c: Context<AppEnv>, me: number) {
  const id = pathUserId(c, "userId");
  if (id === me) throw badRequest(MESSAGE_MSG.blockSelf);
  const target = await findProfileUserById(c.var.db, id);
  if (!target) throw notFound(MESSAGE_MSG.userNotFound);
  return target;
}

/**
 * /api/users (spec part 1 §7 and part 2 §7 "Profile and users"): public profiles, their content,
 * blocking. Blocks are a list a member grows: at most BLOCKS_MAX (422), RATE_BLOCKS_PER_USER a
 * window (429) (issue 31).
 */
export const usersApi = (limiter: RateLimiter) =>
  new Hono<AppEnv>()
    .post("/block/:userId", async (c) => {
      const me = requireUser(c);
      const { rate } = c.var.config;
      await limiter.hit(`block:${me.id}`, rate.blocksPerUser, rate.socialWindowSeconds);
      const target = await blockTarget(c, me.id);
      const added = await writeTx(c.var.db, async (tx) => {
        if ((await countBlocks(tx, me.id)) >= BLOCKS_MAX && !(await blocksBetween(tx, me.id, target.id)).iBlocked) {
          throw new HttpError(422, MESSAGE_MSG.tooManyBlocks);
        }
        const added = await blockUser(tx, me.id, target.id);
        // A block ends the follows between the two, both ways (issue 32).
        await removeFollowsBetween(tx, me.id, target.id);
        return added;
      });
      return c.json({ success: true, blocked: true, changed: added });
    })
    .delete("/block/:userId", async (c) => {
      const me = requireUser(c);
      const target = await blockTarget(c, me.id);
      const removed = await writeTx(c.var.db, (tx) => unblockUser(tx, me.id, target.id));
      return c.json({ success: true, blocked: false, changed: removed });
    })
    .get("/by-username/:username", async (c) => {
      const username = c.req.param("username");
      if (username.length > 100) throw notFound(MESSAGE_MSG.userNotFound);
      return profileJson(c, visibleOr404(c, await findProfileUserByUsername(c.var.db, username)));
    })
    .get("/:id/profile", async (c) => {
      return profileJson(c, visibleOr404(c, await findProfileUserById(c.var.db, pathUserId(c, "id"))));
    })
    .get("/:id/content", async (c) => {
      const user = visibleOr404(c, await findProfileUserById(c.var.db, pathUserId(c, "id")));
      const q = queryOr400(c, profileContentQuery);
      const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor);
      // A cursor of another member's grid is refused like a malformed one: it names a place in a different list.
      if (q.cursor !== undefined && cursor?.userId !== user.id) throw badRequest(PROFILE_MSG.badCursor);
      const limit = q.limit ?? PROFILE_PAGE_SIZE;
      const start = cursor ? { cursor } : { offset: ((q.page ?? 1) - 1) * limit };
      const page = cursor ? Math.floor(cursor.position / limit) + 1 : q.page ?? 1;
      // A muting viewer (issue 25): the items their mutes hide leave the page and the count in SQL; a muted owner shows none.
      const viewer = c.var.user;
      if (viewer && viewer.id !== user.id && await mutesUser(c.var.db, viewer.id, user.id)) {
        c.header("Cache-Control", "private, no-store");
        return c.json({ content: [], totalCount: 0, page, pageSize: limit, next: null, mutedMember: true });
      }
      const muted = await mutedIds(c.var.db, viewer?.id);
      const mutedBy = muted.size ? viewer!.id : null;
      if (mutedBy) c.header("Cache-Control", "private, no-store");
      const [found, totalCount] = await Promise.all([
        profilePage(c.var.db, { userId: user.id, limit, start, mutedBy, muted }),
        mutedBy ? shownItemCount(c.var.db, user.id, muted) : publicItemCount(c.var.db, user.id),
      ]);
      const rows = await itemRowsByIds(c.var.db, found.ids, "item");
      return c.json({ content: rows.map(toContentItem), totalCount, page, pageSize: limit, next: found.next });
    });
