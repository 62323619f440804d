import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { addLike, likeStatus, listLikedItems, removeLike } from "../../db/queries/social.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { forgetItemRow } from "../../lib/feed/item_rows.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { LIKED_PAGE_SIZE } from "../../common/follow_rules.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { likeBody } from "../../lib/feed/query_schemas.ts";

export const LOGIN_TO_LIKE = "You must be logged in to like content";

/**
 * Likes need an account; one row per member and item; the count always comes from the server.
 * GET, POST and DELETE /api/videos/{id}/like, mounted at /api/videos.
 */
export const likesApi = new Hono<AppEnv>()
  .get("/:id{[^/]+}/like", async (c) => {
    const item = await visibleMediaOr404(c, idOr400(c.req.param("id")));
    c.header("Cache-Control", "private, no-cache");
    return c.json(await likeStatus(c.var.db, item.id, c.var.user?.id ?? null));
  })
  .post("/:id{[^/]+}/like", (c) => setLike(c, idOr400(c.req.param("id")), true))
  .delete("/:id{[^/]+}/like", (c) => setLike(c, idOr400(c.req.param("id")), false));

/** Likes or unlikes a visible item as the signed-in member; answers the state and the new count. */
async function setLike(c: Context<AppEnv>, id: number, liked: boolean) {
  const user = requireUser(c, LOGIN_TO_LIKE);
  const item = await visibleMediaOr404(c, id);
  const count = await writeTx(c.var.db, (tx) => (liked ? addLike : removeLike)(tx, item.id, user.id));
  forgetItemRow(c.var.db, item.id);
  return c.json({ isLiked: liked, count, likes: count });
}

/** POST /api/like with body `{ videoId }`: the feed client's variant of the like, mounted at /api/like. */
export const feedLikeApi = new Hono<AppEnv>()
  .post("/", async (c) => {
    requireUser(c, LOGIN_TO_LIKE);
    const body = await jsonBody(c, likeBody);
    return setLike(c, idOr400(body.videoId, "videoId"), true);
  });

/** GET /api/user/likes?page=N (issue 32), mounted at /api/user/likes: the items the member liked, newest like first. */
export const likedItemsApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const page = queryOr400(c, listPageQuery).page ?? 1;
    const rows = await listLikedItems(c.var.db, user, LIKED_PAGE_SIZE + 1, (page - 1) * LIKED_PAGE_SIZE);
    c.header("Cache-Control", "private, no-store");
    return c.json({
      content: rows.slice(0, LIKED_PAGE_SIZE).map(toContentItem),
      page,
      pageSize: LIKED_PAGE_SIZE,
      hasMore: rows.length > LIKED_PAGE_SIZE,
    });
  });
