/**
 * An admin's decisions on comments and forum posts (issue 34 points 1, 3 and 6): approve a held
 * post, delete a post, dismiss its reports. Each runs inside the caller's write transaction with
 * its audit entry, so a decision and its record are committed together; a bulk action records one
 * entry per post.
 */
import type { Tx } from "../../db/client.ts";
import { deletePost, findPost, type PostRow, setPostStatus } from "../../db/queries/posts.ts";
import { MODERATION_MSG, type PostKind, type PostRef } from "../../common/moderation.ts";
import { conflict, notFound } from "../http_error.ts";
import { findReplyTarget } from "../../db/queries/comment_threads.ts";
import { notifyForumReply } from "../../db/queries/notify.ts";
import { announceComment, announceForumPost } from "./comment_news.ts";
import { type AuditAction, type AuditTarget, recordAudit } from "./audit.ts";

export const auditTargetOf = (kind: PostKind): AuditTarget =>
  kind === "comment" ? "comment" : kind === "thread" ? "thread" : "thread_comment";

/** The post, or 404. */
export async function postOr404(tx: Tx, ref: PostRef): Promise<PostRow> {
  const post = await findPost(tx, ref);
  if (!post) throw notFound(MODERATION_MSG.postNotFound);
  return post;
}

/** What the log keeps of a post: its kind, writer, where it was and the start of its text (the post may be gone later). */
export async function auditPost(tx: Tx, adminId: number, action: AuditAction, post: PostRow, extra: Record<string, unknown>, at: number) {
  await recordAudit(tx, {
    actorId: adminId,
    action,
    targetType: auditTargetOf(post.kind),
    targetId: post.id,
    // Named, not read from the post: a deleted post is gone by the time its entry is written.
    subjectId: post.userId,
    details: {
      kind: post.kind,
      authorId: post.userId,
      parentId: post.parentId,
      ...(post.title ? { title: post.title } : {}),
      content: post.content.slice(0, 200),
      ...extra,
    },
  }, at);
}

/** A held post is shown (409 when it is not held). */
export async function approvePost(tx: Tx, post: PostRow, adminId: number, at: number) {
  if (post.status !== "held") throw conflict(MODERATION_MSG.notHeld);
  await setPostStatus(tx, post, "shown");
  await announceApproved(tx, post);
  await auditPost(tx, adminId, "post.approve", post, {}, at);
}

/** A held post shown now: who would have heard of it at posting hears now (issue 43: replies and mentions). */
async function announceApproved(tx: Tx, post: PostRow) {
  if (post.parentId === null) return;
  const actorId = post.userId;
  if (post.kind === "comment") {
    const parentId = (await findReplyTarget(tx, post.id))?.parentId ?? null;
    await announceComment(tx, { mediaId: post.parentId, commentId: post.id, parentId, actorId, content: post.content });
  } else if (post.kind === "thread") {
    await announceForumPost(tx, { threadId: post.id, actorId, content: post.content });
  } else {
    const told = actorId === null ? [] : await notifyForumReply(tx, post.parentId, actorId);
    await announceForumPost(tx, { threadId: post.parentId, actorId, content: post.content, told });
  }
}

export async function removePost(tx: Tx, post: PostRow, adminId: number, at: number) {
  if (!(await deletePost(tx, post))) throw notFound(MODERATION_MSG.postNotFound);
  await auditPost(tx, adminId, "post.delete", post, { status: post.status }, at);
}

export type BulkResult = { done: PostRef[]; skipped: (PostRef & { reason: string })[] };

/**
 * The Held tab's bulk action: each named post that is still held is approved or deleted and
 * audited on its own; one gone or no longer held is skipped with the reason (another admin may
 * have decided on it meanwhile).
 */
export async function bulkDecide(tx: Tx, action: "approve" | "delete", refs: PostRef[], adminId: number, at: number) {
  const result: BulkResult = { done: [], skipped: [] };
  const decided: PostRow[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = `${ref.kind}:${ref.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const post = await findPost(tx, ref);
    if (!post) result.skipped.push({ ...ref, reason: MODERATION_MSG.postNotFound });
    else if (post.status !== "held") result.skipped.push({ ...ref, reason: MODERATION_MSG.notHeld });
    else {
      await (action === "approve" ? approvePost(tx, post, adminId, at) : removePost(tx, post, adminId, at));
      result.done.push({ kind: ref.kind, id: ref.id });
      decided.push(post);
    }
  }
  return { result, decided };
}
