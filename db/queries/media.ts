import { and, desc, eq, ne, notInArray, or, sql } from "drizzle-orm";
import { type Db, writeTx } from "../client.ts";
import { listJobOutputsOfMedia } from "./jobs.ts";
import { findMediaByDerivedKey, listMediaFileKeys } from "./media_files.ts";
import { literalLimit, prepared } from "../prepared.ts";
import { notMutedBy } from "./mutes.ts";
import { categories, media, users } from "../schema/mod.ts";

/** The columns of a content item as cards and pages show it, with uploader and category. */
export const itemColumns = {
  id: media.id,
  title: media.title,
  description: media.description,
  prompt: media.prompt,
  generation: media.generation,
  aiGenerator: media.aiGenerator,
  tags: media.tags,
  resolution: media.resolution,
  contentType: media.contentType,
  fileKey: media.fileKey,
  thumbnailKey: media.thumbnailKey,
  youtubeId: media.youtubeId,
  duration: media.duration,
  size: media.size,
  width: media.width,
  height: media.height,
  views: media.views,
  likes: media.likes,
  commentCount: media.commentCount,
  reviewStatus: media.reviewStatus,
  rejectionReason: media.rejectionReason,
  featured: media.featured,
  hidden: media.hidden,
  credits: media.credits,
  adminNotice: media.adminNotice,
  reviewedAt: media.reviewedAt,
  reviewedBy: media.reviewedBy,
  createdAt: media.createdAt,
  processingState: media.processingState,
  processingProgress: media.processingProgress,
  processingError: media.processingError,
  playable: media.playable,
  previewKey: media.previewKey,
  previewSound: media.previewSound,
  poster2xKey: media.poster2xKey,
  sources: media.sources,
  diskBytes: media.diskBytes,
  userId: media.userId,
  uploaderName: users.username,
  categoryId: media.categoryId,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

export type ItemRow = {
  [K in keyof typeof itemColumns]: (typeof itemColumns)[K]["_"]["notNull"] extends true ? (typeof itemColumns)[K]["_"]["data"]
    : (typeof itemColumns)[K]["_"]["data"] | null;
};

/** Approved, not hidden, and processed (or from before renditions): what the public sees (lib/media/visibility.ts). */
export const publicWhere = and(eq(media.reviewStatus, "approved"), eq(media.hidden, false), eq(media.playable, true));

function itemQuery(db: Db) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId));
}

/** Who may see the item a stored file belongs to (its original, a rendition, the preview, a poster). */
export async function findMediaByFileKey(db: Db, key: string) {
  const derived = await findMediaByDerivedKey(db, key);
  if (derived) return derived;
  return db.select({ id: media.id, userId: media.userId, reviewStatus: media.reviewStatus, hidden: media.hidden, playable: media.playable })
    .from(media).where(or(eq(media.fileKey, key), eq(media.thumbnailKey, key))).get();
}

/**
 * Deletes an item (likes, comments, reports, views, derived file rows and jobs go with it: a
 * running job loses its lease and stops) and returns every file key it owned, including those a
 * job run was moving into place.
 */
export function deleteMediaRow(db: Db, id: number): Promise<string[] | null> {
  return writeTx(db, async (tx) => {
    const derived = [...(await listMediaFileKeys(tx, [id])), ...(await listJobOutputsOfMedia(tx, [id]))];
    const [row] = await tx.delete(media).where(eq(media.id, id)).returning({ fileKey: media.fileKey, thumbnailKey: media.thumbnailKey });
    return row ? [...new Set([row.fileKey, row.thumbnailKey, ...derived])].filter((k): k is string => !!k) : null;
  });
}

/** One item with uploader and category, in any state (callers apply `canView`). */
export function findItemById(db: Db, id: number): Promise<ItemRow | undefined> {
  return prepared<ItemRow>(db, "itemById", () => itemQuery(db).where(eq(media.id, sql.placeholder("id")))).get({ id });
}

/**
 * Up to `limit` public items related to one: the same category first (newest), then the
 * newest others to fill the list. Never the item itself, never pending, rejected or hidden items.
 * `mutedBy`: a viewer with mutes (issue 25), whose muted items are left out in the query, so the
 * list is full whenever enough unmuted items exist.
 */
export async function listRelated(
  db: Db,
  item: { id: number; categoryId: number | null },
  limit: number,
  mutedBy: number | null = null,
): Promise<ItemRow[]> {
  const m = mutedBy ? "muted:" : "";
  const notMuted = mutedBy ? notMutedBy(sql.placeholder("viewer")) : undefined;
  const viewer = mutedBy ? { viewer: mutedBy } : {};
  const same = item.categoryId === null ? [] : await prepared<ItemRow>(db, `relatedSame:${m}${limit}`, () =>
    itemQuery(db)
      .where(and(publicWhere, eq(media.categoryId, sql.placeholder("categoryId")), ne(media.id, sql.placeholder("id")), notMuted))
      .orderBy(desc(media.createdAt), desc(media.id)).limit(literalLimit(limit))).all({
      categoryId: item.categoryId,
      id: item.id,
      ...viewer,
    });
  if (same.length >= limit) return same;
  const seen = [item.id, ...same.map((r) => r.id)];
  const more = await prepared<ItemRow>(
    db,
    `relatedMore:${m}${seen.length}:${limit - same.length}`,
    () =>
      itemQuery(db).where(and(publicWhere, notInArray(media.id, seen.map((_, i) => sql.placeholder(`seen${i}`))), notMuted))
        .orderBy(desc(media.createdAt), desc(media.id)).limit(literalLimit(limit - same.length)),
  )
    .all({ ...Object.fromEntries(seen.map((id, i) => [`seen${i}`, id])), ...viewer });
  return [...same, ...more];
}

export type MediaAccess = {
  id: number;
  userId: number;
  reviewStatus: "pending" | "approved" | "rejected";
  hidden: boolean;
  playable: boolean;
  likes: number;
  title: string;
  fileKey: string | null;
  thumbnailKey: string | null;
  youtubeId: string | null;
  contentType: "video" | "image" | "embed";
};

/** Visibility facts of an item, for the like, comment and report endpoints. */
export function findMediaAccess(db: Db, id: number) {
  return prepared<MediaAccess>(db, "mediaAccess", () =>
    db.select({
      id: media.id,
      userId: media.userId,
      reviewStatus: media.reviewStatus,
      hidden: media.hidden,
      playable: media.playable,
      likes: media.likes,
      title: media.title,
      fileKey: media.fileKey,
      thumbnailKey: media.thumbnailKey,
      youtubeId: media.youtubeId,
      contentType: media.contentType,
    }).from(media).where(eq(media.id, sql.placeholder("id")))).get({ id });
}
