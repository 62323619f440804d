/**
 * The forum's queries (spec part 2 §3, §7). Counts shown on cards (upvotes, commentCount) move
 * with the row that changes them, in the caller's transaction. A thread or comment whose author
 * deleted their account keeps `user_id` null and reads as Anonymous.
 */
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { prepared } from "../prepared.ts";
import { forumCategories, threads, threadUpvotes, users } from "../schema/mod.ts";
import { readCounter } from "./counters.ts";
import { threadColumns, type ThreadRow, upvotedBy } from "./forum_list.ts";

export type { ThreadRow };

type Conn = Db | Tx;

export type ForumCategoryRow = { id: number; name: string; slug: string; count: number };

/** Forum categories with their thread counts, in the order they were made. */
export function listForumCategories(db: Db) {
  return prepared<ForumCategoryRow>(
    db,
    "forum:categories",
    () =>
      db.select({ id: forumCategories.id, name: forumCategories.name, slug: forumCategories.slug, count: forumCategories.threadCount })
        .from(forumCategories).orderBy(asc(forumCategories.id)),
  ).all();
}

const bumpCategory = (tx: Tx, categoryId: number | null, by: 1 | -1) =>
  categoryId === null ? undefined : tx.update(forumCategories)
    .set({ threadCount: sql`max(${forumCategories.threadCount} + ${by}, 0)` }).where(eq(forumCategories.id, categoryId));

export async function findForumCategory(db: Conn, id: number) {
  return await db.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.id, id)).get() ?? null;
}

/** Threads everyone sees, kept by triggers on threads (migration 0034): a count(*) was 0.1-1 ms a forum view. */
export const countThreads = (db: Db): Promise<number> => readCounter(db, "forum:threads");

/** Members seen since `since` (users.last_seen_at, touched at most once a minute by the session code). */
export async function countActiveUsers(db: Db, since: number): Promise<number> {
  const query = prepared<{ n: number }>(
    db,
    "forum:activeUsers",
    () => db.select({ n: count() }).from(users).where(gt(users.lastSeenAt, sql.placeholder("since"))),
  );
  return (await query.get({ since }))?.n ?? 0;
}

export async function findThread(db: Conn, id: number, viewerId: number | null): Promise<ThreadRow | null> {
  const row = await db.select({ ...threadColumns, upvoted: upvotedBy(viewerId) }).from(threads)
    .leftJoin(users, eq(users.id, threads.userId)).where(eq(threads.id, id)).get();
  return (row as ThreadRow | undefined) ?? null;
}

/** Who may delete a thread (its author, null when the account is gone), and whether it is shown. */
export async function findThreadOwner(db: Conn, id: number) {
  return await db.select({ id: threads.id, userId: threads.userId, title: threads.title, status: threads.status })
    .from(threads).where(eq(threads.id, id)).get() ?? null;
}

export async function insertThread(
  tx: Tx,
  row: {
    userId: number;
    title: string;
    content: string;
    categoryId: number | null;
    tags: string[] | null;
    isSticky: boolean;
    createdAt?: number;
    status?: "shown" | "held";
    heldReason?: string | null;
  },
): Promise<number> {
  const [t] = await tx.insert(threads).values({ ...row, tags: row.tags ? JSON.stringify(row.tags) : null }).returning({ id: threads.id });
  // A category counts the threads everyone sees: a held one is counted once approved.
  if (row.status !== "held") await bumpCategory(tx, row.categoryId, 1);
  return t.id;
}

/** Removes the thread; its comments, upvotes and reports go with it (ON DELETE CASCADE). */
export async function deleteThread(tx: Tx, id: number): Promise<boolean> {
  const [gone] = await tx.delete(threads).where(eq(threads.id, id)).returning({ categoryId: threads.categoryId, status: threads.status });
  if (gone?.status === "shown") await bumpCategory(tx, gone.categoryId, -1);
  return !!gone;
}

/** Moves a category's count by one thread that starts or stops being shown (approved, hidden by reports, shown again). */
export const shownThreadMoved = (tx: Tx, categoryId: number | null, by: 1 | -1) => bumpCategory(tx, categoryId, by);

// ---- upvotes: one row per (thread, member); threads.upvotes moves with the row ----

async function upvoteCount(tx: Tx, threadId: number): Promise<number> {
  return (await tx.select({ upvotes: threads.upvotes }).from(threads).where(eq(threads.id, threadId)).get())?.upvotes ?? 0;
}

/** Adds the upvote if absent; returns the count after (null when the thread is gone). Upvoting twice changes nothing. */
export async function addThreadUpvote(tx: Tx, threadId: number, userId: number): Promise<number | null> {
  if (!(await tx.select({ id: threads.id }).from(threads).where(eq(threads.id, threadId)).get())) return null;
  const added = await tx.insert(threadUpvotes).values({ threadId, userId }).onConflictDoNothing().returning({
    userId: threadUpvotes.userId,
  });
  if (added.length) await tx.update(threads).set({ upvotes: sql`${threads.upvotes} + 1` }).where(eq(threads.id, threadId));
  return await upvoteCount(tx, threadId);
}

/** Removes the upvote if present; returns the count after. */
export async function removeThreadUpvote(tx: Tx, threadId: number, userId: number): Promise<number> {
  const removed = await tx.delete(threadUpvotes).where(and(eq(threadUpvotes.threadId, threadId), eq(threadUpvotes.userId, userId)))
    .returning({ userId: threadUpvotes.userId });
  if (removed.length) await tx.update(threads).set({ upvotes: sql`max(${threads.upvotes} - 1, 0)` }).where(eq(threads.id, threadId));
  return await upvoteCount(tx, threadId);
}

/**
 * Takes back every upvote of a member whose account is being deleted, lowering each thread's
 * count: the rows would go by ON DELETE CASCADE, but threads.upvotes would keep counting them.
 * Call it in the transaction that deletes the user.
 */
export async function removeUpvotesOfUser(tx: Tx, userId: number) {
  const removed = await tx.delete(threadUpvotes).where(eq(threadUpvotes.userId, userId)).returning({ threadId: threadUpvotes.threadId });
  for (const { threadId } of removed) {
    await tx.update(threads).set({ upvotes: sql`max(${threads.upvotes} - 1, 0)` }).where(eq(threads.id, threadId));
  }
  return removed.length;
}

/** The newest threads for sitemap.xml (ids grow with time: read in rowid order, no sort). */
export function listSitemapThreads(db: Conn, limit: number) {
  return db.select({ id: threads.id, createdAt: threads.createdAt }).from(threads).orderBy(desc(threads.id)).limit(limit).all();
}
