/**
 * Replies to an item's comments and comment likes (issue 43 points 3 and 4, migration 0033, decision 046).
 * A reply hangs under a top comment (parent_id, one level); `comments.like_count` moves with the rows of
 * comment_likes in one transaction.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { commentLikes, comments, users } from "../schema/mod.ts";
import { commentColumns, type CommentRow, type CommentViewer, seenByViewer } from "./social.ts";

type Conn = Db | Tx;

/** Replies kept under the top comments of one list (the oldest first under each). */
export const REPLY_LIST_LIMIT = 500;

/** The replies the viewer may see under these top comments, oldest first (comments_parent_created). */
export function listReplies(db: Conn, parentIds: number[], viewer: CommentViewer, limit = REPLY_LIST_LIMIT): Promise<CommentRow[]> {
  if (!parentIds.length) return Promise.resolve([]);
  return db.select(commentColumns).from(comments).where(and(
    sql`${comments.parentId} in (select value from json_each(${JSON.stringify(parentIds)}))`,
    seenByViewer,
  )).orderBy(asc(comments.parentId), asc(comments.createdAt), asc(comments.id)).limit(limit)
    .all({ userId: viewer.userId, writerKey: viewer.writerKey }) as unknown as Promise<CommentRow[]>;
}

/** A comment as a reply target: its item, its own parent, its writer and whether it is shown. */
export function findReplyTarget(db: Conn, commentId: number) {
  return db.select({
    id: comments.id,
    mediaId: comments.mediaId,
    parentId: comments.parentId,
    userId: comments.userId,
    status: comments.status,
  }).from(comments).where(eq(comments.id, commentId)).get();
}

/** Adds the member's like if absent; the count after. Liking twice changes nothing. */
export async function likeComment(tx: Tx, commentId: number, userId: number, now = Date.now()): Promise<number> {
  const added = await tx.insert(commentLikes).values({ commentId, userId, createdAt: now }).onConflictDoNothing()
    .returning({ userId: commentLikes.userId });
  const [row] = added.length
    ? await tx.update(comments).set({ likeCount: sql`${comments.likeCount} + 1` }).where(eq(comments.id, commentId))
      .returning({ n: comments.likeCount })
    : await tx.select({ n: comments.likeCount }).from(comments).where(eq(comments.id, commentId));
  return row?.n ?? 0;
}

/** Removes the member's like if present; the count after. Unliking twice changes nothing. */
export async function unlikeComment(tx: Tx, commentId: number, userId: number): Promise<number> {
  const gone = await tx.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ userId: commentLikes.userId });
  const [row] = gone.length
    ? await tx.update(comments).set({ likeCount: sql`max(${comments.likeCount} - 1, 0)` }).where(eq(comments.id, commentId))
      .returning({ n: comments.likeCount })
    : await tx.select({ n: comments.likeCount }).from(comments).where(eq(comments.id, commentId));
  return row?.n ?? 0;
}

/** Which of these comments the member likes (comment_likes_user). */
export async function likedCommentIds(db: Conn, userId: number, commentIds: number[]): Promise<Set<number>> {
  if (!commentIds.length) return new Set();
  const rows = await db.select({ id: commentLikes.commentId }).from(commentLikes).where(and(
    eq(commentLikes.userId, userId),
    sql`${commentLikes.commentId} in (select value from json_each(${JSON.stringify(commentIds)}))`,
  ));
  return new Set(rows.map((r) => r.id));
}

/** The members (not banned) with these usernames, lowercased (users_username_nocase); unknown names are left out. */
export function findMembersByName(db: Conn, names: string[]): Promise<{ id: number; username: string }[]> {
  if (!names.length) return Promise.resolve([]);
  return db.select({ id: users.id, username: users.username }).from(users).where(and(
    sql`lower(${users.username}) in (select value from json_each(${JSON.stringify(names)}))`,
    eq(users.banned, false),
  ));
}

/** Members' shown or hidden comments that deleting this one removes (it and its replies): those the fediverse may hold (issue 40). */
export function listMemberReplies(db: Conn, mediaId: number, commentId: number) {
  return db.select({
    id: comments.id,
    mediaId: comments.mediaId,
    userId: comments.userId,
    status: comments.status,
    content: comments.content,
  })
    .from(comments).where(and(
      eq(comments.mediaId, mediaId),
      sql`(${comments.id} = ${commentId} or ${comments.parentId} = ${commentId})`,
      sql`${comments.userId} is not null`,
      sql`${comments.status} <> 'held'`,
    )).limit(REPLY_LIST_LIMIT).all();
}
