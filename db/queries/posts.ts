/**
 * A post of any kind (an item comment, a forum thread, a forum comment) as moderation sees it
 * (issue 34, decision 032): found by kind and id, moved between shown, held and hidden with the
 * count that shows it (the item's comment count, the category's thread count, the thread's
 * comment count) moved in the same transaction, or deleted.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { comments, media, threadComments, threads } from "../schema/mod.ts";
import type { PostKind, PostRef, PostStatus } from "../../common/moderation.ts";
import { deleteThread, shownThreadMoved } from "./forum.ts";
import { deleteThreadComment } from "./forum_comments.ts";
import { deleteItemComment } from "./social.ts";

type Conn = Db | Tx;

/** What a moderation step needs of a post: where it lives and who wrote it. */
export type PostRow = {
  kind: PostKind;
  id: number;
  status: PostStatus;
  userId: number | null;
  content: string;
  /** The item of a comment, the thread of a forum comment, the category of a thread. */
  parentId: number | null;
  title: string | null;
};

export async function findPost(db: Conn, ref: PostRef): Promise<PostRow | null> {
  const { kind, id } = ref;
  if (kind === "comment") {
    const r = await db.select({
      id: comments.id,
      status: comments.status,
      userId: comments.userId,
      content: comments.content,
      parentId: comments.mediaId,
    }).from(comments).where(eq(comments.id, id)).get();
    return r ? { kind, ...r, title: null } : null;
  }
  if (kind === "thread") {
    const r = await db.select({
      id: threads.id,
      status: threads.status,
      userId: threads.userId,
      content: threads.content,
      parentId: threads.categoryId,
      title: threads.title,
    }).from(threads).where(eq(threads.id, id)).get();
    return r ? { kind, ...r } : null;
  }
  const r = await db.select({
    id: threadComments.id,
    status: threadComments.status,
    userId: threadComments.userId,
    content: threadComments.content,
    parentId: threadComments.threadId,
  }).from(threadComments).where(eq(threadComments.id, id)).get();
  return r ? { kind, ...r, title: null } : null;
}

/** The count that shows a post moves by one as it starts (+1) or stops (-1) being shown. */
async function moveShownCount(tx: Tx, post: PostRow, by: 1 | -1) {
  if (post.kind === "thread") return void await shownThreadMoved(tx, post.parentId, by);
  if (post.parentId === null) return;
  if (post.kind === "comment") {
    await tx.update(media).set({ commentCount: sql`max(${media.commentCount} + ${by}, 0)` }).where(eq(media.id, post.parentId));
  } else {
    await tx.update(threads).set({ commentCount: sql`max(${threads.commentCount} + ${by}, 0)` }).where(eq(threads.id, post.parentId));
  }
}

/**
 * Sets a post's status (a held post is approved, a reported one hidden or shown again) and moves
 * its count; `openReports` is set along when given. No change when it already had that status.
 */
export async function setPostStatus(tx: Tx, post: PostRow, status: PostStatus, openReports?: number) {
  const set = {
    status,
    ...(status === "held" ? {} : { heldReason: null }),
    ...(openReports === undefined ? {} : { openReports }),
  };
  const table = post.kind === "comment" ? comments : post.kind === "thread" ? threads : threadComments;
  await tx.update(table).set(set).where(eq(table.id, post.id));
  if (post.status === status) return;
  if (status === "shown") await moveShownCount(tx, post, 1);
  else if (post.status === "shown") await moveShownCount(tx, post, -1);
}

/** Raises a post's member report count by one; the count after. */
export async function addPostReporter(tx: Tx, ref: PostRef): Promise<number> {
  const table = ref.kind === "comment" ? comments : ref.kind === "thread" ? threads : threadComments;
  const [row] = await tx.update(table).set({ openReports: sql`${table.openReports} + 1` }).where(eq(table.id, ref.id))
    .returning({ openReports: table.openReports });
  return row?.openReports ?? 0;
}

/** Lowers a post's member report count by one (never under 0); the count after. */
export async function dropPostReporter(tx: Tx, ref: PostRef): Promise<number> {
  const table = ref.kind === "comment" ? comments : ref.kind === "thread" ? threads : threadComments;
  const [row] = await tx.update(table).set({ openReports: sql`max(${table.openReports} - 1, 0)` }).where(eq(table.id, ref.id))
    .returning({ openReports: table.openReports });
  return row?.openReports ?? 0;
}

/** Deletes a post (its reports, and a thread's comments, go with it) and moves its count when it was shown. */
export async function deletePost(tx: Tx, post: PostRow): Promise<boolean> {
  if (post.kind === "thread") return await deleteThread(tx, post.id);
  if (post.parentId === null) return false;
  if (post.kind === "comment") return (await deleteItemComment(tx, post.parentId, post.id)) !== null;
  return await deleteThreadComment(tx, post.parentId, post.id);
}
