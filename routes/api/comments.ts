import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { insertComment, listComments } from "../../db/queries/social.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { toComment } from "../../lib/community/comments.ts";
import { viewerKey, visibleMediaOr404 } from "../../lib/media/media_access.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { commentSchema } from "../../common/schemas/comments.ts";

/**
 * GET and POST /api/videos/{id}/comments (mounted at /api/videos). Visitors comment as
 * Anonymous, members under their name; blank text is refused.
 */
export function commentsApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .get("/:id{[^/]+}/comments", async (c) => {
      const item = await visibleMediaOr404(c, idOr400(c.req.param("id")));
      c.header("Cache-Control", "private, no-cache");
      return c.json((await listComments(c.var.db, item.id)).map(toComment));
    })
    .post("/:id{[^/]+}/comments", async (c) => {
      const id = idOr400(c.req.param("id"));
      const { rate } = c.var.config;
      await limiter.hit(`comment:${viewerKey(c)}`, rate.commentsPerUser, rate.socialWindowSeconds);
      const content = await jsonBody(c, commentSchema);
      const item = await visibleMediaOr404(c, id);
      const user = c.var.user;
      const row = await writeTx(
        c.var.db,
        (tx) => insertComment(tx, { mediaId: item.id, userId: user?.id ?? null, username: user?.username ?? "Anonymous", content }),
      );
      return c.json(toComment(row), 201);
    });
}
