import { and, asc, eq, gt, inArray, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { jobs, media, mediaFiles } from "../schema/mod.ts";
import type { ProcessingState } from "../../common/media_rules.ts";

type Conn = Db | Tx;

/** What the processing job reads of an item. */
export function findMediaForProcessing(db: Conn, id: number) {
  return db.select({
    id: media.id,
    fileKey: media.fileKey,
    thumbnailKey: media.thumbnailKey,
    contentType: media.contentType,
    duration: media.duration,
    prompt: media.prompt,
    aiGenerator: media.aiGenerator,
    generation: media.generation,
    processingState: media.processingState,
    title: media.title,
    sources: media.sources,
    reviewStatus: media.reviewStatus,
    hidden: media.hidden,
    playable: media.playable,
    userId: media.userId,
  }).from(media).where(eq(media.id, id)).get();
}

export async function setMediaProcessing(db: Conn, id: number, state: ProcessingState, progress: number, error: string | null = null) {
  await db.update(media).set({ processingState: state, processingProgress: progress, processingError: error }).where(eq(media.id, id));
}

export async function setMediaProgress(db: Conn, id: number, progress: number) {
  await db.update(media).set({ processingProgress: progress }).where(and(eq(media.id, id), eq(media.processingState, "processing")));
}

export type NewMediaFile = {
  key: string;
  role: "rendition" | "preview" | "poster" | "poster2x";
  /** The file's pixels, when it has a size of its own (renditions). */
  width?: number | null;
  height: number | null;
  bytes: number;
};

/** Puts an item's derived files in place of its old ones; returns the old keys (to remove from disk). */
export async function replaceMediaFiles(tx: Tx, mediaId: number, files: NewMediaFile[], now = Date.now()): Promise<string[]> {
  const old = await tx.delete(mediaFiles).where(eq(mediaFiles.mediaId, mediaId)).returning({ key: mediaFiles.key });
  if (files.length) await tx.insert(mediaFiles).values(files.map((f) => ({ ...f, mediaId, createdAt: now })));
  return old.map((r) => r.key);
}

/** Derived files of these items (or of a user's items), for deletes. */
export async function listMediaFileKeys(tx: Conn, of: number[] | { userId: number }): Promise<string[]> {
  const where = Array.isArray(of)
    ? inArray(mediaFiles.mediaId, of)
    : inArray(mediaFiles.mediaId, tx.select({ id: media.id }).from(media).where(eq(media.userId, of.userId)));
  return (await tx.select({ key: mediaFiles.key }).from(mediaFiles).where(where)).map((r) => r.key);
}

/** Who may see the item a derived file belongs to. */
export function findMediaByDerivedKey(db: Conn, key: string) {
  return db.select({ id: media.id, userId: media.userId, reviewStatus: media.reviewStatus, hidden: media.hidden, playable: media.playable })
    .from(mediaFiles).innerJoin(media, eq(media.id, mediaFiles.mediaId)).where(eq(mediaFiles.key, key)).get();
}

/**
 * Queues processing for every video that has never had renditions and has no job (items from
 * before renditions, or a demo's seed): they keep playing their original meanwhile. Returns how many.
 */
export async function queueMissingRenditions(tx: Tx, maxAttempts: number, now = Date.now()): Promise<number> {
  const missing = await tx.select({ id: media.id, userId: media.userId, work: media.videoWork }).from(media).where(and(
    eq(media.contentType, "video"),
    sql`${media.fileKey} IS NOT NULL`,
    eq(media.sources, "[]"),
    eq(media.processingState, "ready"),
    sql`NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.mediaId} = ${media.id} AND ${jobs.state} IN ('queued', 'running'))`,
  ));
  if (!missing.length) return 0;
  const all = missing.map((m) => m.id);
  // In slices: one statement's bound values are limited.
  for (let i = 0; i < all.length; i += 500) {
    const ids = all.slice(i, i + 500);
    await tx.insert(jobs).values(
      missing.slice(i, i + 500).map(({ id, userId, work }) => ({
        kind: "video.process",
        payload: JSON.stringify({ mediaId: id }),
        mediaId: id,
        userId,
        cost: work, // unknown (from before issue 42): taken as long
        maxAttempts,
        runAfter: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.update(media).set({ processingState: "queued", processingProgress: 0 }).where(inArray(media.id, ids));
  }
  return all.length;
}

/**
 * Images still without renditions, after `afterId`, with no job under way for them (an upload's own
 * job makes its renditions): the background pass's next batch (lib/media/image_backfill.ts). Walks the
 * partial index media_images_unrendered (migration 0025).
 */
export function imagesWithoutRenditions(db: Conn, afterId: number, limit: number) {
  return imagesWithoutRenditionsQuery(db, afterId, limit).all();
}

/** The query of imagesWithoutRenditions, for its plan test. */
export function imagesWithoutRenditionsQuery(db: Conn, afterId: number, limit: number) {
  return db.select({ id: media.id }).from(media).where(and(
    gt(media.id, afterId),
    // Literals, not bound values: SQLite uses a partial index only when the query states its condition.
    sql`${media.contentType} = 'image' AND ${media.sources} = '[]' AND ${media.processingState} = 'ready'`,
    sql`${media.fileKey} IS NOT NULL`,
    notExists(db.select({ one: sql`1` }).from(jobs).where(and(eq(jobs.mediaId, media.id), inArray(jobs.state, ["queued", "running"])))),
  )).orderBy(asc(media.id)).limit(limit);
}
