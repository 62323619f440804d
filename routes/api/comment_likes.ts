import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { likeComment, unlikeComment } from "../../db/queries/comment_threads.ts";
import { findItemComment } from "../../db/queries/social.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { notFound } from "../../lib/http_error.ts";
import { visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { idOr400 } from "../../lib/validate.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { COMMENT_MSG } from "../../common/media_rules.ts";

/**
 * POST and DELETE /api/videos/{id}/comments/{commentId}/like (issue 43 point 4), mounted at /api/videos:
 * members only, idempotent (a second like or unlike changes nothing); the answer is the state and the
 * comment's kept count, moved in the same transaction as the like's row.
 */
export function commentLikesApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .post("/:id{[^/]+}/comments/:commentId{[^/]+}/like", (c) => setCommentLike(c, true, limiter))
    .delete("/:id{[^/]+}/comments/:commentId{[^/]+}/like", (c) => setCommentLike(c, false, limiter));
}

async function setCommentLike(c: Context<AppEnv>, liked: boolean, limiter: RateLimiter) {
  const id = idOr400(c.req.param("id"));
  const commentId = idOr400(c.req.param("commentId"), "commentId");
  const user = requireUser(c, COMMENT_MSG.loginToLike);
  const { rate } = c.var.config;
  if (liked) await limiter.hit(`comment-like:${user.id}`, rate.commentLikesPerUser, rate.socialWindowSeconds);
  const item = await visibleMediaOr404(c, id);
  // Only a comment everyone sees is liked: a held or hidden one is as good as absent to the others.
  const comment = await findItemComment(c.var.db, item.id, commentId);
  if (!comment || comment.status !== "shown") throw notFound(COMMENT_MSG.notFound);
  const likeCount = await writeTx(c.var.db, (tx) => liked ? likeComment(tx, commentId, user.id) : unlikeComment(tx, commentId, user.id));
  return c.json({ liked, likeCount });
}
