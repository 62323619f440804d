/**
 * The member page's clean-up actions (issue 34 point 4): every item comment, forum thread and forum
 * comment of a member deleted (spam), and every pending upload of theirs rejected with one reason.
 * Work goes in batches, each its own write transaction with its audit entry, so a member with
 * thousands of posts never holds the write lock for long; the counts moved with each post as a
 * single deletion moves them (db/queries/posts.ts).
 */
import { type Db, writeTx } from "../../db/client.ts";
import { findItemForModeration, rejectItem } from "../../db/queries/admin.ts";
import { notifyReview } from "../../db/queries/notify.ts";
import { listMemberPostIds, listPendingUploadIds } from "../../db/queries/member_admin.ts";
import { deletePost, findPost } from "../../db/queries/posts.ts";
import type { PostKind } from "../../common/moderation.ts";
import { recordAudit } from "./audit.ts";

/** Posts deleted, or items rejected, per write transaction. */
const BATCH = 200;

/** Comments first: a thread deleted takes its comments with it, and theirs would then not be counted. */
const ORDER: PostKind[] = ["comment", "forum-comment", "thread"];

export type DeletedPosts = { comments: number; threads: number; forumComments: number; items: number[] };

/** Deletes all their posts; the counts, and the items whose comment count moved (their kept rows are forgotten by the caller). */
export async function deleteMemberPosts(db: Db, adminId: number, userId: number, username: string, now: number): Promise<DeletedPosts> {
  const total: DeletedPosts = { comments: 0, threads: 0, forumComments: 0, items: [] };
  const items = new Set<number>();
  for (;;) {
    const batch = await writeTx(db, async (tx) => {
      const done = { comments: 0, threads: 0, forumComments: 0 };
      let left = BATCH;
      for (const kind of ORDER) {
        for (const id of await listMemberPostIds(tx, kind, userId, left)) {
          const post = await findPost(tx, { kind, id });
          if (!post || !(await deletePost(tx, post))) continue;
          left--;
          if (kind === "comment") {
            done.comments++;
            if (post.parentId !== null) items.add(post.parentId);
          } else if (kind === "thread") done.threads++;
          else done.forumComments++;
        }
        if (left <= 0) break;
      }
      const n = done.comments + done.threads + done.forumComments;
      if (n) {
        await recordAudit(tx, {
          actorId: adminId,
          action: "user.delete_posts",
          targetType: "user",
          targetId: userId,
          details: { username, ...done },
        }, now);
      }
      return { ...done, n };
    });
    total.comments += batch.comments;
    total.threads += batch.threads;
    total.forumComments += batch.forumComments;
    if (batch.n < BATCH) break;
  }
  return { ...total, items: [...items] };
}

/** Rejects every pending upload of theirs with `reason`, each audited as an admin's reject; the ids rejected. */
export async function rejectMemberPending(db: Db, adminId: number, userId: number, reason: string, now: number): Promise<number[]> {
  const rejected: number[] = [];
  for (;;) {
    const batch = await writeTx(db, async (tx) => {
      const ids = await listPendingUploadIds(tx, userId, BATCH);
      for (const id of ids) {
        const item = await findItemForModeration(tx, id);
        if (!item) continue;
        await rejectItem(tx, id, adminId, reason, now);
        await notifyReview(tx, id, "upload_rejected", adminId, reason);
        await recordAudit(tx, {
          actorId: adminId,
          action: "content.reject",
          targetType: "media",
          targetId: id,
          subjectId: userId,
          details: { title: item.title, from: item.reviewStatus, reason, all: true },
        }, now);
      }
      return ids;
    });
    rejected.push(...batch);
    if (batch.length < BATCH) return rejected;
  }
}
