/**
 * Forum comments (spec part 2 §3, §7): a thread's commentCount moves with the comments everyone
 * sees, in the caller's transaction; a held or hidden comment shows to its writer only (issue 34).
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { threadComments, threads, users } from "../schema/mod.ts";
import type { PostStatus } from "../../common/moderation.ts";

type Conn = Db | Tx;

const commentColumns = {
  id: threadComments.id,
  content: threadComments.content,
  createdAt: threadComments.createdAt,
  userId: threadComments.userId,
  username: users.username,
  status: threadComments.status,
};

export type ThreadCommentRow = {
  id: number;
  content: string;
  createdAt: number;
  userId: number | null;
  username: string | null;
  status: PostStatus;
};

/** A thread's comments the viewer may see, oldest first (the builder, so tests can EXPLAIN it). */
export function threadCommentsQuery(db: Conn, threadId: number, limit: number, offset: number, viewerId: number | null = null) {
  return db.select(commentColumns).from(threadComments)
    .leftJoin(users, eq(users.id, threadComments.userId))
    .where(and(
      eq(threadComments.threadId, threadId),
      viewerId === null
        ? sql`${threadComments.status} = 'shown'`
        : sql`(${threadComments.status} = 'shown' or ${threadComments.userId} = ${viewerId})`,
    ))
    .orderBy(asc(threadComments.createdAt), asc(threadComments.id))
    .limit(limit).offset(offset);
}

export function listThreadComments(
  db: Conn,
  threadId: number,
  limit: number,
  offset: number,
  viewerId: number | null = null,
): Promise<ThreadCommentRow[]> {
  return threadCommentsQuery(db, threadId, limit, offset, viewerId).all();
}

export async function findThreadComment(db: Conn, threadId: number, commentId: number) {
  return await db.select({
    id: threadComments.id,
    userId: threadComments.userId,
    content: threadComments.content,
    status: threadComments.status,
  }).from(threadComments).where(and(eq(threadComments.id, commentId), eq(threadComments.threadId, threadId))).get() ?? null;
}

/** Adds a comment, bumping the thread's commentCount when it is shown; null when the thread is gone. */
export async function insertThreadComment(
  tx: Tx,
  row: { threadId: number; userId: number; content: string; createdAt?: number; status?: "shown" | "held"; heldReason?: string | null },
) {
  const shown = row.status !== "held";
  const [thread] = shown
    ? await tx.update(threads).set({ commentCount: sql`${threads.commentCount} + 1` }).where(eq(threads.id, row.threadId))
      .returning({ id: threads.id })
    : await tx.select({ id: threads.id }).from(threads).where(eq(threads.id, row.threadId));
  if (!thread) return null;
  const [c] = await tx.insert(threadComments).values(row).returning({ id: threadComments.id });
  return (await tx.select(commentColumns).from(threadComments).leftJoin(users, eq(users.id, threadComments.userId))
    .where(eq(threadComments.id, c.id)).get()) as ThreadCommentRow;
}

/** Removes a comment (its reports go with it) and lowers the thread's commentCount when it was shown. */
export async function deleteThreadComment(tx: Tx, threadId: number, commentId: number): Promise<boolean> {
  const [removed] = await tx.delete(threadComments)
    .where(and(eq(threadComments.id, commentId), eq(threadComments.threadId, threadId))).returning({ status: threadComments.status });
  if (!removed) return false;
  if (removed.status === "shown") {
    await tx.update(threads).set({ commentCount: sql`max(${threads.commentCount} - 1, 0)` }).where(eq(threads.id, threadId));
  }
  return true;
}

/** Comments everyone sees on every thread, the forum stats' "Comments" (issue 36 point 12): all less the held or hidden few. */
export async function countThreadComments(db: Conn): Promise<number> {
  const all = (await db.select({ n: count() }).from(threadComments).get())?.n ?? 0;
  const unshown = (await db.select({ n: count() }).from(threadComments).where(sql`${threadComments.status} <> 'shown'`).get())?.n ??
    0;
  return all - unshown;
}
