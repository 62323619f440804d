import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, uploads } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";
import { categories, users } from "../schema/mod.ts";

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [inserted] = await db.insert(uploads).values(row).returning();
  return inserted;
}

/**
 * A failed create spends its upload (issue 42 point 4): the row stays, marked, so another create
 * from it answers 410 at once, and the caller removes the file. Returns the key to remove: the
 * upload's, unless an item holds it (a concurrent create attached it); the key too when the row
 * is gone (its account was deleted meanwhile: nothing else points at the file).
 */
export async function spendUpload(db: Db, id: number, fileKey: string, now = Date.now()): Promise<string | null> {
  const spent = await db.update(uploads).set({ refusedAt: now }).where(and(eq(uploads.id, id), isNull(uploads.mediaId)))
    .returning({ id: uploads.id });
  if (spent.length) return fileKey;
  const row = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)).get();
  return row ? null : fileKey;
}

export function findUploadByKey(db: Db | Tx, fileKey: string): Promise<UploadRow | undefined> {
  return db.select().from(uploads).where(eq(uploads.fileKey, fileKey)).get();
}

/** An item whose original file had this SHA-256 (exact duplicate), if any. */
export function findMediaByHash(db: Db | Tx, sha256: string) {
  return db.select({ id: media.id }).from(media).where(eq(media.fileHash, sha256)).get();
}

export function findMediaByYoutubeId(db: Db | Tx, youtubeId: string) {
  return db.select({ id: media.id }).from(media).where(eq(media.youtubeId, youtubeId)).get();
}

export function categoryExists(db: Db | Tx, id: number) {
  return db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get();
}

export async function insertMediaItem(tx: Tx, row: typeof media.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(media).values(row).returning({ id: media.id });
  return inserted.id;
}

/** Marks an upload as the file of an item; its key follows the processed file. */
export async function attachUpload(tx: Tx, uploadId: number, mediaId: number, fileKey: string) {
  await tx.update(uploads).set({ mediaId, fileKey }).where(eq(uploads.id, uploadId));
}

/** Uploads never attached to an item and older than `before` (ms). */
export function listStaleUploads(db: Db, before: number, limit = 500) {
  return db.select({ id: uploads.id, fileKey: uploads.fileKey }).from(uploads)
    .where(and(isNull(uploads.mediaId), lt(uploads.createdAt, before))).limit(limit).all();
}

/**
 * Deletes an upload only while it is still unattached; the file key when a row went, else null
 * (an attach won the race and the file now belongs to an item).
 */
export async function deleteUnattachedUpload(db: Db, id: number): Promise<string | null> {
  const [gone] = await db.delete(uploads).where(and(eq(uploads.id, id), isNull(uploads.mediaId)))
    .returning({ fileKey: uploads.fileKey });
  return gone?.fileKey ?? null;
}

function itemQuery(db: Db) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId));
}

/** One item in any state (callers apply the visibility rule). */
export function findItemById(db: Db, id: number): Promise<ItemRow | undefined> {
  return itemQuery(db).where(eq(media.id, id)).get() as Promise<ItemRow | undefined>;
}

/** A member's own items in every review state, newest first (My Videos). */
export function listItemsByUser(db: Db, userId: number, limit = 500): Promise<ItemRow[]> {
  return itemQuery(db).where(eq(media.userId, userId)).orderBy(desc(media.createdAt), desc(media.id)).limit(limit) as Promise<
    ItemRow[]
  >;
}

export function findMediaOwner(db: Db, id: number) {
  return db.select({ id: media.id, userId: media.userId }).from(media).where(eq(media.id, id)).get();
}

/** An edit's item: what it may change (the old values go to the audit log), and whether the public sees it. */
export function findEditableItem(db: Db | Tx, id: number) {
  return db.select({
    userId: media.userId,
    reviewStatus: media.reviewStatus,
    hidden: media.hidden,
    playable: media.playable,
    title: media.title,
    description: media.description,
    categoryId: media.categoryId,
    aiGenerator: media.aiGenerator,
    prompt: media.prompt,
    tags: media.tags,
  }).from(media).where(eq(media.id, id)).get();
}

export async function updateMediaItem(db: Db | Tx, id: number, set: Partial<typeof media.$inferInsert>) {
  await db.update(media).set({ ...set, updatedAt: Date.now() }).where(eq(media.id, id));
}
