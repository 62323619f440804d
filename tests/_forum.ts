/** Forum test helpers: rows made straight in the database. */
export { errorOf, json } from "./_helpers.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, forumCategories, threadComments, threads, threadUpvotes } from "../db/schema/mod.ts";

export const forumCategoryList = (db: Db) =>
  db.select({ id: forumCategories.id, slug: forumCategories.slug, name: forumCategories.name }).from(forumCategories).all();

let seq = 0;

export async function makeThread(
  db: Db,
  init: Partial<typeof threads.$inferInsert> & { userId: number | null },
) {
  const [row] = await db.insert(threads).values({
    title: `Thread ${++seq}`,
    content: `Content of thread ${seq}`,
    ...init,
  }).returning();
  // As insertThread does: the category's count moves with its threads.
  if (row.categoryId !== null) {
    await db.update(forumCategories).set({ threadCount: sql`${forumCategories.threadCount} + 1` }).where(
      eq(forumCategories.id, row.categoryId),
    );
  }
  return row;
}

export async function makeComment(db: Db, threadId: number, userId: number | null, content = `Comment ${++seq}`) {
  const [row] = await db.insert(threadComments).values({ threadId, userId, content }).returning();
  await db.update(threads).set({ commentCount: (await commentRows(db, threadId)).length }).where(eq(threads.id, threadId));
  return row;
}

export const threadRow = (db: Db, id: number) => db.select().from(threads).where(eq(threads.id, id)).get();
export const commentRows = (db: Db, threadId: number) =>
  db.select().from(threadComments).where(eq(threadComments.threadId, threadId)).all();
export const upvoteRows = (db: Db, threadId: number) => db.select().from(threadUpvotes).where(eq(threadUpvotes.threadId, threadId)).all();
export const auditRows = (db: Db, targetType: string, targetId: number) =>
  db.select().from(auditLog).where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId))).all();
export const threadCount = async (db: Db) => (await db.select({ id: threads.id }).from(threads).all()).length;
