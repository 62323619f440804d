import { count, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { categories, comments, likes, media, users } from "../schema/mod.ts";

/** Used only by the demo seeder (tasks/seed_demo.ts): bulk inserts with counts precomputed by the caller. */

export async function userExists(db: Db | Tx, username: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
  return !!row;
}

export function categorySlugs(db: Db | Tx) {
  return db.select({ id: categories.id, slug: categories.slug }).from(categories).all();
}

export async function insertMediaRows(tx: Db | Tx, rows: (typeof media.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await tx.insert(media).values(rows).returning({ id: media.id });
  return ids.map((r) => r.id);
}

export async function insertLikeRows(tx: Db | Tx, rows: (typeof likes.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(likes).values(rows.slice(i, i + 500));
}

export async function insertCommentRows(tx: Db | Tx, rows: (typeof comments.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(comments).values(rows.slice(i, i + 500));
}

/** Items per type and status, for the demo test and the start banner. */
export function countMediaByTypeAndStatus(db: Db | Tx) {
  return db.select({ contentType: media.contentType, reviewStatus: media.reviewStatus, n: count() })
    .from(media).groupBy(media.contentType, media.reviewStatus).all();
}

/** Items whose likes or comment_count column disagrees with their rows (should be none). */
export function mediaWithInconsistentCounts(db: Db | Tx) {
  return db.select({ id: media.id }).from(media).where(sql`${media.likes} != (select count(*) from likes l where l.media_id = ${media.id})
    or ${media.commentCount} != (select count(*) from comments c where c.media_id = ${media.id})`).all();
}

export function firstFileKeys(db: Db | Tx, contentType: "video" | "image") {
  return db.select({ fileKey: media.fileKey, thumbnailKey: media.thumbnailKey }).from(media)
    .where(sql`${media.contentType} = ${contentType} and ${media.reviewStatus} = 'approved'`).limit(1).get();
}
