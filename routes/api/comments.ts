import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { deleteItemComment, findItemComment, insertComment } from "../../db/queries/social.ts";
import { findReplyTarget } from "../../db/queries/comment_threads.ts";
import { announceComment } from "../../lib/community/comment_news.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { forbidden, HttpError, notFound } from "../../lib/http_error.ts";
import { forgetItemRow } from "../../lib/feed/item_rows.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { itemComments, toComment } from "../../lib/community/comments.ts";
import { holdReason } from "../../lib/community/hold.ts";
import { ensureVisitorWriterKey, visitorWriterKey } from "../../lib/auth/visitor_cookie.ts";
import { viewerKey, visibleMediaOr404 } from "../../lib/media/media_access.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { commentListQuery, commentPostSchema } from "../../common/schemas/comments.ts";
import { COMMENT_MSG } from "../../common/media_rules.ts";
import type { Db } from "../../db/client.ts";

/**
 * The top comment a reply hangs under (issue 43): the one named, or its own top comment when it is a reply
 * (one level, as YouTube does). 404 when it is gone or on another item, 422 when it (or its top) is not shown.
 */
async function replyParent(db: Db, mediaId: number, commentId: number): Promise<number> {
  const target = await findReplyTarget(db, commentId);
  if (!target || target.mediaId !== mediaId) throw notFound(COMMENT_MSG.parentNotFound);
  const top = target.parentId === null ? target : await findReplyTarget(db, target.parentId);
  if (!top || target.status !== "shown" || top.status !== "shown") throw new HttpError(422, COMMENT_MSG.parentNotShown);
  return top.id;
}
import { itemSentAt } from "../../db/queries/federation_profile.ts";
import { queueCommentDelivery, queueCommentWithdrawal } from "../../lib/federation/outbound_comment.ts";
import { listMemberReplies } from "../../db/queries/comment_threads.ts";

/**
 * GET and POST /api/videos/{id}/comments (mounted at /api/videos). Visitors comment as
 * Anonymous, members under their name; blank text is refused. DELETE removes one. Everyone reads
 * the shown comments, and their own held or hidden ones.
 */
export function commentsApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .get("/:id{[^/]+}/comments", async (c) => {
      const item = await visibleMediaOr404(c, idOr400(c.req.param("id")));
      c.header("Cache-Control", "private, no-cache");
      const { sort } = queryOr400(c, commentListQuery);
      const viewer = { userId: c.var.user?.id ?? null, writerKey: c.var.user ? null : visitorWriterKey(c) };
      return c.json(await itemComments(c.var.db, item.id, viewer, sort));
    })
    // A visitor's comment with a link, and anyone's with a watched word, waits for an admin (issue 34):
    // it is answered with `status: "held"` and shows to its writer only (a visitor's to this browser).
    .post("/:id{[^/]+}/comments", async (c) => {
      const id = idOr400(c.req.param("id"));
      const { rate } = c.var.config;
      await limiter.hit(`comment:${viewerKey(c)}`, rate.commentsPerUser, rate.socialWindowSeconds);
      const { content, parentId: replyTo } = await jsonBody(c, commentPostSchema);
      const item = await visibleMediaOr404(c, id);
      const parentId = replyTo === null ? null : await replyParent(c.var.db, item.id, replyTo);
      const user = c.var.user;
      const heldReason = await holdReason(c.var.db, [content], { visitor: !user });
      const writerKey = user ? null : ensureVisitorWriterKey(c);
      const row = await writeTx(c.var.db, async (tx) => {
        const row = await insertComment(tx, {
          mediaId: item.id,
          userId: user?.id ?? null,
          username: user?.username ?? "Anonymous",
          content,
          status: heldReason ? "held" : "shown",
          heldReason,
          writerKey,
          parentId,
        });
        // The owner hears of a shown comment (issue 33), the replied-to writer and the named members too (issue 43);
        // of a held one when an admin approves it (lib/community/post_decisions.ts).
        if (!heldReason) await announceComment(tx, { mediaId: item.id, commentId: row.id, parentId, actorId: user?.id ?? null, content });
        return row;
      });
      if (!heldReason) forgetItemRow(c.var.db, item.id);
      // A member's shown comment on an item sent to the fediverse goes there as a reply (issue 40; the job decides the rest).
      if (user && !heldReason && await itemSentAt(c.var.db, item.id)) {
        await queueCommentDelivery(c.var.db, c.var.config, row.id);
      }
      return c.json(toComment(row), 201);
    })
    // DELETE /api/videos/{id}/comments/{commentId}: by its writer, the item's owner or an admin,
    // as in the forum (issue 27); the item's comment count moves with it.
    .delete("/:id{[^/]+}/comments/:commentId{[^/]+}", async (c) => {
      const id = idOr400(c.req.param("id"));
      const commentId = idOr400(c.req.param("commentId"));
      const user = requireUser(c);
      const item = await visibleMediaOr404(c, id);
      const comment = await findItemComment(c.var.db, item.id, commentId);
      if (!comment) throw notFound("Comment not found");
      if (!user.isAdmin && user.id !== item.userId && (comment.userId === null || comment.userId !== user.id)) {
        throw forbidden("You can only delete your own comments");
      }
      // Its replies go with a top comment: members' ones that were sent are withdrawn too (issue 40).
      const sent = await listMemberReplies(c.var.db, item.id, commentId);
      const commentCount = await writeTx(c.var.db, (tx) => deleteItemComment(tx, item.id, commentId));
      if (commentCount === null) throw notFound("Comment not found");
      forgetItemRow(c.var.db, item.id);
      for (const s of sent) await queueCommentWithdrawal(c.var.db, c.var.config, s);
      return c.json({ success: true, commentCount });
    });
}
