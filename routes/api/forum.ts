import { Hono } from "hono";
import type { Context } from "hono";
import { commentCursor, NEXT_CURSOR, threadCursor } from "../../common/forum_cursor.ts";
import { FORUM_MSG } from "../../common/forum_rules.ts";
import { commentListQuerySchema, newCommentSchema, newThreadSchema, threadListQuerySchema } from "../../common/schemas/forum.ts";
import { writeTx } from "../../db/client.ts";
import { notifyForumReply } from "../../db/queries/notify.ts";
import {
  addThreadUpvote,
  deleteThread,
  findForumCategory,
  findThread,
  findThreadOwner,
  insertThread,
  listForumCategories,
  removeThreadUpvote,
} from "../../db/queries/forum.ts";
import { listThreads } from "../../db/queries/forum_list.ts";
import { deleteThreadComment, findThreadComment, insertThreadComment, listThreadComments } from "../../db/queries/forum_comments.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { recordAudit } from "../../lib/community/audit.ts";
import { holdReason } from "../../lib/community/hold.ts";
import { announceForumPost } from "../../lib/community/comment_news.ts";
import { toCommentView, toThreadView } from "../../lib/community/forum.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, forbidden, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";

/** 20,000 characters of content may take 4 bytes each as UTF-8, more escaped: the length rule answers, not a 413. */
const THREAD_BODY_BYTES = 128 * 1024;

const idParam = (c: Context<AppEnv>, name: "id" | "commentId") => idOr400(c.req.param(name), name === "id" ? "thread id" : "comment id");

/** The thread, if this viewer may see it: a held or hidden one only by its writer and the admins (issue 34). */
async function existingThread(c: Context<AppEnv>) {
  const thread = await findThreadOwner(c.var.db, idParam(c, "id"));
  const user = c.var.user;
  if (!thread || (thread.status !== "shown" && !user?.isAdmin && user?.id !== thread.userId)) throw notFound(FORUM_MSG.threadNotFound);
  return thread;
}

/** Lists change with every post and carry the viewer's upvotes: never stored by a shared cache. */
const noSharedCache = (c: Context<AppEnv>) => c.header("Cache-Control", "private, no-cache");

/**
 * `/api/forum` (spec part 2 §7 Forum): everyone reads; members post threads and comments, delete
 * their own and upvote; admins also post sticky threads and delete anything (audit-logged).
 */
export function forumApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .get("/categories", async (c) => {
      noSharedCache(c);
      return c.json((await listForumCategories(c.var.db)).map(({ id, name, slug, count }) => ({ id, name, slug, count })));
    })
    .get("/threads", async (c) => {
      const q = queryOr400(c, threadListQuerySchema);
      const { db, user } = c.var;
      if (q.categoryId !== null && !(await findForumCategory(db, q.categoryId))) throw badRequest(FORUM_MSG.unknownCategory);
      // One row more than the page says whether there is a next one.
      const rows = await listThreads(db, {
        sort: q.sortBy,
        filter: q.filter,
        categoryId: q.categoryId,
        viewerId: user?.id ?? null,
        limit: q.limit + 1,
        offset: q.offset,
        after: q.after,
      });
      const page = rows.slice(0, q.limit);
      if (rows.length > q.limit) c.header(NEXT_CURSOR, threadCursor(q.sortBy, page[page.length - 1]));
      noSharedCache(c);
      return c.json(page.map(toThreadView));
    })
    .post("/threads", async (c) => {
      const user = requireUser(c);
      const { db, config } = c.var;
      const body = await jsonBody(c, newThreadSchema, { maxBytes: THREAD_BODY_BYTES });
      if (body.isSticky && !user.isAdmin) throw forbidden(FORUM_MSG.stickyAdminOnly);
      if (body.categoryId !== null && !(await findForumCategory(db, body.categoryId))) throw badRequest(FORUM_MSG.unknownCategory);
      await limiter.hit(`forum-thread:${user.id}`, config.rate.forumThreadsPerUser, config.rate.socialWindowSeconds);
      // A watched word in the title, text or tags holds the thread for review (issue 34).
      const heldReason = await holdReason(db, [body.title, body.content, ...(body.tags ?? [])], { visitor: false });
      const status = heldReason ? "held" as const : "shown" as const;
      const id = await writeTx(db, async (tx) => {
        const id = await insertThread(tx, { ...body, userId: user.id, status, heldReason });
        // Members named by @username hear of a shown thread (issue 43); of a held one when it is approved.
        if (status === "shown") await announceForumPost(tx, { threadId: id, actorId: user.id, content: body.content });
        return id;
      });
      return c.json(toThreadView((await findThread(db, id, user.id))!), 201);
    })
    .delete("/threads/:id", async (c) => {
      const user = requireUser(c);
      const thread = await existingThread(c);
      if (thread.userId !== user.id && !user.isAdmin) throw forbidden(FORUM_MSG.deleteThreadDenied);
      await writeTx(c.var.db, async (tx) => {
        if (!(await deleteThread(tx, thread.id))) throw notFound(FORUM_MSG.threadNotFound);
        if (thread.userId !== user.id) {
          await recordAudit(tx, {
            actorId: user.id,
            action: "forum.thread.delete",
            targetType: "thread",
            targetId: thread.id,
            subjectId: thread.userId,
            details: { title: thread.title, authorId: thread.userId },
          });
        }
      });
      return c.json({ success: true });
    })
    .get("/threads/:id/comments", async (c) => {
      const thread = await existingThread(c);
      const q = queryOr400(c, commentListQuerySchema);
      const rows = await listThreadComments(c.var.db, thread.id, { ...q, limit: q.limit + 1, viewerId: c.var.user?.id ?? null });
      const page = rows.slice(0, q.limit);
      if (rows.length > q.limit) c.header(NEXT_CURSOR, commentCursor(page[page.length - 1]));
      noSharedCache(c);
      return c.json(page.map(toCommentView));
    })
    .post("/threads/:id/comments", async (c) => {
      const user = requireUser(c);
      const { db, config } = c.var;
      const thread = await existingThread(c);
      const { content } = await jsonBody(c, newCommentSchema);
      await limiter.hit(`forum-comment:${user.id}`, config.rate.forumCommentsPerUser, config.rate.socialWindowSeconds);
      const heldReason = await holdReason(db, [content], { visitor: false });
      const status = heldReason ? "held" as const : "shown" as const;
      const row = await writeTx(db, async (tx) => {
        const row = await insertThreadComment(tx, { threadId: thread.id, userId: user.id, content, status, heldReason });
        // The thread's starter and commenters hear of a shown reply (issue 33).
        if (row && status === "shown") {
          const told = await notifyForumReply(tx, thread.id, user.id);
          // And the members it names (issue 43), in a shown thread only, each once.
          if (thread.status === "shown") await announceForumPost(tx, { threadId: thread.id, actorId: user.id, content, told });
        }
        return row;
      });
      if (!row) throw notFound(FORUM_MSG.threadNotFound);
      return c.json(toCommentView(row), 201);
    })
    .delete("/threads/:id/comments/:commentId", async (c) => {
      const user = requireUser(c);
      const threadId = idParam(c, "id");
      const commentId = idParam(c, "commentId");
      const comment = await findThreadComment(c.var.db, threadId, commentId);
      if (!comment) throw notFound(FORUM_MSG.commentNotFound);
      if (comment.userId !== user.id && !user.isAdmin) throw forbidden(FORUM_MSG.deleteCommentDenied);
      await writeTx(c.var.db, async (tx) => {
        if (!(await deleteThreadComment(tx, threadId, commentId))) throw notFound(FORUM_MSG.commentNotFound);
        if (comment.userId !== user.id) {
          await recordAudit(tx, {
            actorId: user.id,
            action: "forum.comment.delete",
            targetType: "thread_comment",
            targetId: commentId,
            subjectId: comment.userId,
            details: { threadId, authorId: comment.userId, content: comment.content.slice(0, 200) },
          });
        }
      });
      return c.json({ success: true });
    })
    .post("/threads/:id/upvote", async (c) => {
      const user = requireUser(c);
      const thread = await existingThread(c);
      const upvotes = await writeTx(c.var.db, (tx) => addThreadUpvote(tx, thread.id, user.id));
      if (upvotes === null) throw notFound(FORUM_MSG.threadNotFound);
      return c.json({ upvotes, upvoted: true });
    })
    .delete("/threads/:id/upvote", async (c) => {
      const user = requireUser(c);
      const thread = await existingThread(c);
      const upvotes = await writeTx(c.var.db, (tx) => removeThreadUpvote(tx, thread.id, user.id));
      return c.json({ upvotes, upvoted: false });
    });
}
