/** The watch history (issue 43 point 5): one row per member and item with the last position. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { literalLimit } from "../prepared.ts";
import { categories, media, users, watchHistory } from "../schema/mod.ts";
import { itemColumns, type ItemRow, publicWhere } from "./media.ts";

type Conn = Db | Tx;

/** The saved position of one item for a member, or null. */
export async function findProgress(db: Conn, userId: number, mediaId: number): Promise<number | null> {
  const row = await db.select({ seconds: watchHistory.seconds }).from(watchHistory)
    .where(and(eq(watchHistory.userId, userId), eq(watchHistory.mediaId, mediaId))).get();
  return row?.seconds ?? null;
}

/** Saves the position; true when the item is new to the member's history (the caller then trims it). */
export async function saveProgress(tx: Tx, userId: number, mediaId: number, seconds: number, now = Date.now()): Promise<boolean> {
  const updated = await tx.update(watchHistory).set({ seconds, watchedAt: now })
    .where(and(eq(watchHistory.userId, userId), eq(watchHistory.mediaId, mediaId))).returning({ id: watchHistory.mediaId });
  if (updated.length) return false;
  await tx.insert(watchHistory).values({ userId, mediaId, seconds, watchedAt: now });
  return true;
}

/** Drops the member's rows past the newest `keep` (read through watch_history_user_at). */
export async function trimHistory(tx: Tx, userId: number, keep: number) {
  await tx.run(sql`delete from ${watchHistory} where user_id = ${userId} and media_id in (
    select media_id from ${watchHistory} where user_id = ${userId} order by watched_at desc, media_id desc limit -1 offset ${keep})`);
}

export type HistoryRow = ItemRow & { seconds: number; watchedAt: number };

/** A page of the member's history, newest first, of the items still public (others stay but are not shown). */
export function listHistory(db: Conn, userId: number, limit: number, offset: number): Promise<HistoryRow[]> {
  return db.select({ ...itemColumns, seconds: watchHistory.seconds, watchedAt: watchHistory.watchedAt }).from(watchHistory)
    .innerJoin(media, eq(media.id, watchHistory.mediaId))
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(eq(watchHistory.userId, userId), publicWhere))
    .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.mediaId))
    .limit(literalLimit(limit)).offset(offset).all() as Promise<HistoryRow[]>;
}

/** Removes one entry; true when there was one. */
export async function deleteHistoryEntry(db: Conn, userId: number, mediaId: number): Promise<boolean> {
  const gone = await db.delete(watchHistory).where(and(eq(watchHistory.userId, userId), eq(watchHistory.mediaId, mediaId)))
    .returning({ id: watchHistory.mediaId });
  return gone.length > 0;
}

/** Removes the member's whole history; how many entries went. */
export async function clearHistory(db: Conn, userId: number): Promise<number> {
  return (await db.delete(watchHistory).where(eq(watchHistory.userId, userId)).returning({ id: watchHistory.mediaId })).length;
}

/** Whether the member paused their history. */
export async function isHistoryPaused(db: Conn, userId: number): Promise<boolean> {
  const row = await db.select({ paused: users.historyPaused }).from(users).where(eq(users.id, userId)).get();
  return row?.paused ?? false;
}

/** Kept for EXPLAIN in tests: how many entries the member has. */
export async function countHistory(db: Conn, userId: number): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(watchHistory).where(eq(watchHistory.userId, userId)).get();
  return Number(row?.n ?? 0);
}
