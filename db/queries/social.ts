import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { literalLimit, preparedOn } from "../prepared.ts";
import { categories, comments, likes, media, remoteActors, reports, users, views } from "../schema/mod.ts";
import { itemColumns, type ItemRow, publicWhere } from "./media.ts";
import { COMMENT_LIST_LIMIT } from "../../common/media_rules.ts";
import type { PostStatus } from "../../common/moderation.ts";
import { hiddenRemoteActors } from "./remote_actor_blocks.ts";

type Conn = Db | Tx;

// ---- likes: one row per (user, item); media.likes moves with the row in one transaction ----

export async function likeStatus(db: Conn, mediaId: number, userId: number | null) {
  const row = await preparedOn<{ likes: number }>(
    db,
    "likeCount",
    (d) => d.select({ likes: media.likes }).from(media).where(eq(media.id, sql.placeholder("mediaId"))),
  ).get({ mediaId });
  const liked = userId === null ? false : !!(await preparedOn(db, "likedBy", (d) =>
    d.select({ one: sql<number>`1` }).from(likes)
      .where(and(eq(likes.userId, sql.placeholder("userId")), eq(likes.mediaId, sql.placeholder("mediaId"))))).get({ userId, mediaId }));
  return { isLiked: liked, count: row?.likes ?? 0 };
}

/** Adds the like if absent; returns the count after. Liking twice changes nothing. */
export async function addLike(tx: Tx, mediaId: number, userId: number): Promise<number> {
  const inserted = await tx.insert(likes).values({ userId, mediaId }).onConflictDoNothing().returning({ userId: likes.userId });
  if (inserted.length) await tx.update(media).set({ likes: sql`${media.likes} + 1` }).where(eq(media.id, mediaId));
  return (await tx.select({ likes: media.likes }).from(media).where(eq(media.id, mediaId)).get())?.likes ?? 0;
}

/** Removes the like if present; returns the count after. Unliking twice changes nothing. */
export async function removeLike(tx: Tx, mediaId: number, userId: number): Promise<number> {
  const removed = await tx.delete(likes).where(and(eq(likes.userId, userId), eq(likes.mediaId, mediaId))).returning({
    userId: likes.userId,
  });
  if (removed.length) await tx.update(media).set({ likes: sql`max(${media.likes} - 1, 0)` }).where(eq(media.id, mediaId));
  return (await tx.select({ likes: media.likes }).from(media).where(eq(media.id, mediaId)).get())?.likes ?? 0;
}

/**
 * One page of the items a member liked, newest like first (likes_user_created), only those still visible
 * to them (lib/media/visibility.ts canView): public ones, their own in any state, and every one for an admin.
 */
export function likedItemsQuery(db: Db, viewer: { id: number; isAdmin: boolean }, limit: number, offset: number) {
  return db.select(itemColumns).from(likes)
    .innerJoin(media, eq(media.id, likes.mediaId))
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(eq(likes.userId, viewer.id), viewer.isAdmin ? undefined : or(publicWhere, eq(media.userId, viewer.id))))
    .orderBy(desc(likes.createdAt), desc(likes.mediaId))
    .limit(literalLimit(limit)).offset(offset);
}

export function listLikedItems(db: Db, viewer: { id: number; isAdmin: boolean }, limit: number, offset: number): Promise<ItemRow[]> {
  return likedItemsQuery(db, viewer, limit, offset).all() as Promise<ItemRow[]>;
}

// ---- comments ----

export type CommentRow = {
  id: number;
  userId: number | null;
  username: string;
  content: string;
  createdAt: number;
  status: PostStatus;
  /** The top comment this one replies to (issue 43), or null for a top comment. */
  parentId: number | null;
  likeCount: number;
  /** A remote actor's reply (issue 40): the actor's id, `name@host` and profile address. */
  remoteActorId?: number | null;
  remoteHandle?: string | null;
  remoteUrl?: string | null;
};

export const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  username: comments.username,
  content: comments.content,
  createdAt: comments.createdAt,
  status: comments.status,
  parentId: comments.parentId,
  likeCount: comments.likeCount,
};

/** The orders of an item's top comments (issue 43 point 4): newest first, or most liked first. */
export type CommentSort = "newest" | "top";

/** Who is looking: their own held or hidden comments show to them (a visitor's by the browser's writer key). */
export type CommentViewer = { userId: number | null; writerKey: string | null };
const NOBODY: CommentViewer = { userId: null, writerKey: null };

/** SQL: the viewer may see this comment (shown, or their own: a visitor's by the browser's writer key). */
export const seenByViewer = sql`(${comments.status} = 'shown' or ${comments.userId} = ${
  sql.placeholder("userId")
} or ${comments.writerKey} = ${sql.placeholder("writerKey")})`;

/** An item's top comments that the viewer may see (the builder, with placeholders, so tests can EXPLAIN it). */
export function commentListQuery(d: Conn, limit: number, sort: CommentSort = "newest") {
  const order = sort === "top"
    ? [desc(comments.likeCount), desc(comments.createdAt), desc(comments.id)]
    : [desc(comments.createdAt), desc(comments.id)];
  return d.select({
    ...commentColumns,
    remoteActorId: comments.remoteActorId,
    remoteHandle: remoteActors.handle,
    remoteUrl: sql<string | null>`coalesce(${remoteActors.url}, ${remoteActors.uri})`,
  }).from(comments).leftJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId)).where(and(
    eq(comments.mediaId, sql.placeholder("mediaId")),
    sql`${comments.parentId} is null`,
    seenByViewer,
  )).orderBy(...order).limit(literalLimit(limit));
}

/** An item's top comments that the viewer may see: the shown ones and the viewer's own (issue 34), newest or most liked first. */
export async function listComments(
  db: Conn,
  mediaId: number,
  viewer = NOBODY,
  limit = COMMENT_LIST_LIMIT,
  sort: CommentSort = "newest",
): Promise<CommentRow[]> {
  const rows = await preparedOn<CommentRow>(db, `comments:${sort}:${limit}`, (d) => commentListQuery(d, limit, sort))
    .all({ mediaId, userId: viewer.userId, writerKey: viewer.writerKey });
  // Remote actors the viewer blocked or muted are not shown to them (issue 40 point 5), as a muted member's items are not.
  const remote = viewer.userId === null ? [] : [...new Set(rows.flatMap((r) => (r.remoteActorId ? [r.remoteActorId] : [])))];
  if (!remote.length) return rows;
  const hidden = await hiddenRemoteActors(db, viewer.userId!, remote);
  return hidden.size ? rows.filter((r) => !r.remoteActorId || !hidden.has(r.remoteActorId)) : rows;
}

export type NewComment = {
  mediaId: number;
  userId: number | null;
  username: string;
  content: string;
  status: "shown" | "held";
  heldReason: string | null;
  writerKey: string | null;
  parentId?: number | null;
};

/** Stores a comment; the item's comment count counts shown comments only (a held one moves it when approved). */
export async function insertComment(tx: Tx, row: NewComment) {
  const [c] = await tx.insert(comments).values(row).returning(commentColumns);
  if (row.status === "shown") await tx.update(media).set({ commentCount: sql`${media.commentCount} + 1` }).where(eq(media.id, row.mediaId));
  return c;
}

/** A comment of this item: who wrote it (null for a visitor's) and whether it is shown, for the delete and report rules. */
export function findItemComment(db: Conn, mediaId: number, commentId: number) {
  return db.select({ id: comments.id, userId: comments.userId, status: comments.status, writerKey: comments.writerKey }).from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.mediaId, mediaId))).get();
}

/**
 * Removes a comment (and, for a top comment, its replies, by the foreign key's cascade), lowering the item's
 * commentCount in the same transaction by the shown ones; the new count, or null when it was gone.
 */
export async function deleteItemComment(tx: Tx, mediaId: number, commentId: number): Promise<number | null> {
  const replies = await tx.select({ n: sql<number>`count(*)` }).from(comments)
    .where(and(eq(comments.parentId, commentId), eq(comments.status, "shown"))).get();
  const [gone] = await tx.delete(comments).where(and(eq(comments.id, commentId), eq(comments.mediaId, mediaId))).returning({
    status: comments.status,
  });
  if (!gone) return null;
  const by = (gone.status === "shown" ? 1 : 0) + (replies?.n ?? 0);
  const [row] = await tx.update(media).set({ commentCount: sql`max(${media.commentCount} - ${by}, 0)` }).where(eq(media.id, mediaId))
    .returning({ commentCount: media.commentCount });
  return row?.commentCount ?? 0;
}

// ---- reports ----

/** How many open reports a reporter has (reports_open_by_reporter, migration 0015). */
export async function countOpenReportsBy(db: Conn, reporterKey: string): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(reports)
    .where(and(eq(reports.reporterKey, reporterKey), sql`${reports.status} = 'open'`)).get();
  return row?.n ?? 0;
}

export function findOpenReport(db: Conn, mediaId: number, reporterKey: string) {
  return db.select({ id: reports.id }).from(reports)
    .where(and(eq(reports.mediaId, mediaId), eq(reports.reporterKey, reporterKey), eq(reports.status, "open"))).get();
}

/**
 * Stores an open report. Only a report that `counts` (lib/community/reports.ts `reportCounts`: a
 * verified member old enough, not the owner) moves media.openReports, and at `hideAt` the item is
 * hidden from the public until an admin resolves it. The others (a visitor's, a new account's, the
 * owner's) are kept and listed for admins but never count, or a few fresh accounts could hide any item.
 */
export async function insertReport(
  tx: Tx,
  row: {
    mediaId: number;
    userId: number | null;
    reporterKey: string;
    reason: typeof reports.$inferInsert.reason;
    details: string | null;
    counts: boolean;
  },
  hideAt: number,
) {
  const [r] = await tx.insert(reports).values(row).returning({ id: reports.id });
  if (!row.counts) {
    const cur = await tx.select({ openReports: media.openReports }).from(media).where(eq(media.id, row.mediaId)).get();
    return { id: r.id, openReports: cur?.openReports ?? 0, hid: false };
  }
  const [m] = await tx.update(media).set({ openReports: sql`${media.openReports} + 1` }).where(eq(media.id, row.mediaId))
    .returning({ openReports: media.openReports });
  // `hidden` follows (a trigger of migration 0015), and stays while the owner is banned.
  const hid = m && m.openReports >= hideAt
    ? (await tx.update(media).set({ reportsHidden: true }).where(and(eq(media.id, row.mediaId), eq(media.reportsHidden, false)))
      .returning({ id: media.id })).length > 0
    : false;
  return { id: r.id, openReports: m?.openReports ?? 0, hid };
}

// ---- views: once per viewer per item per window ----

export function recentView(db: Conn, mediaId: number, viewerKey: string, since: number) {
  return preparedOn<{ one: number }>(db, "recentView", (d) =>
    d.select({ one: sql<number>`1` }).from(views).where(and(
      eq(views.mediaId, sql.placeholder("mediaId")),
      eq(views.viewerKey, sql.placeholder("viewerKey")),
      gt(views.createdAt, sql.placeholder("since")),
    ))).get({ mediaId, viewerKey, since });
}

/** Records the view and bumps media.views unless this viewer was counted since `since`. */
export async function recordView(tx: Tx, mediaId: number, viewerKey: string, now: number, since: number): Promise<boolean> {
  if (await recentView(tx, mediaId, viewerKey, since)) return false;
  await tx.insert(views).values({ mediaId, viewerKey, createdAt: now });
  await tx.update(media).set({ views: sql`${media.views} + 1` }).where(eq(media.id, mediaId));
  return true;
}
