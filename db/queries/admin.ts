import { and, asc, count, desc, eq, like, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { categories, media, reports, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";

/** The moderation lists are arrays (spec part 2 §7); a queue this long is a backlog, not a page. */
export const ADMIN_LIST_MAX = 500;

function itemQuery(db: Db) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId));
}

/** Items waiting for review, oldest first (the queue is worked in order). */
export function listPendingItems(db: Db): Promise<ItemRow[]> {
  return itemQuery(db).where(eq(media.reviewStatus, "pending"))
    .orderBy(asc(media.createdAt), asc(media.id)).limit(ADMIN_LIST_MAX) as Promise<ItemRow[]>;
}

export type ReportedRow = ItemRow & {
  openReports: number;
  reportReason: string;
  reportedAt: number;
  reporters: number;
  reportCount: number;
};

/** Items with open reports, most recently reported first, with the reason and date of the latest report. */
export function listReportedItems(db: Db): Promise<ReportedRow[]> {
  const open = db.select({
    mediaId: reports.mediaId,
    reportedAt: sql<number>`max(${reports.createdAt})`.as("reported_at"),
    reporters: sql<number>`count(distinct ${reports.reporterKey})`.as("reporters"),
    reportCount: sql<number>`count(*)`.as("report_count"),
  }).from(reports).where(eq(reports.status, "open")).groupBy(reports.mediaId).as("open_reports");
  return db.select({
    ...itemColumns,
    openReports: media.openReports,
    reportedAt: open.reportedAt,
    reporters: open.reporters,
    reportCount: open.reportCount,
    reportReason: sql<string>`(select r.reason from ${reports} r where r.media_id = ${media.id} and r.status = 'open'
      order by r.created_at desc, r.id desc limit 1)`,
  }).from(media)
    .innerJoin(open, eq(open.mediaId, media.id))
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .orderBy(desc(open.reportedAt), desc(media.id)).limit(ADMIN_LIST_MAX) as Promise<ReportedRow[]>;
}

/** Featured items in any review state, most recently changed first. */
export function listFeaturedItems(db: Db): Promise<ItemRow[]> {
  return itemQuery(db).where(eq(media.featured, true))
    .orderBy(desc(media.updatedAt), desc(media.id)).limit(ADMIN_LIST_MAX) as Promise<ItemRow[]>;
}

/** One page of approved items, newest first. */
export function listApprovedItems(db: Db, offset: number, limit: number): Promise<(ItemRow & { editedAt: number | null })[]> {
  return db.select({ ...itemColumns, editedAt: media.editedAt }).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(eq(media.reviewStatus, "approved"))
    .orderBy(desc(media.createdAt), desc(media.id)).limit(limit).offset(offset) as Promise<(ItemRow & { editedAt: number | null })[]>;
}

export async function countApprovedItems(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(media).where(eq(media.reviewStatus, "approved")).get())?.n ?? 0;
}

export async function countPendingItems(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(media).where(eq(media.reviewStatus, "pending")).get())?.n ?? 0;
}

/** Items with at least one open report. */
export async function countReportedItems(db: Db): Promise<number> {
  const row = await db.select({ n: sql<number>`count(distinct ${reports.mediaId})` }).from(reports).where(eq(reports.status, "open")).get();
  return row?.n ?? 0;
}

/** What an audit entry and a decision need to know about an item. */
export function findItemForModeration(db: Db | Tx, id: number) {
  return db.select({ id: media.id, title: media.title, userId: media.userId, reviewStatus: media.reviewStatus, featured: media.featured })
    .from(media).where(eq(media.id, id)).get();
}

export async function approveItem(db: Db | Tx, id: number, reviewerId: number, at: number) {
  await db.update(media)
    .set({ reviewStatus: "approved", rejectionReason: null, reviewedAt: at, reviewedBy: reviewerId, updatedAt: at })
    .where(eq(media.id, id));
}

/** A rejected item leaves the public lists, so it stops being featured too. */
export async function rejectItem(db: Db | Tx, id: number, reviewerId: number, reason: string, at: number) {
  await db.update(media)
    .set({ reviewStatus: "rejected", rejectionReason: reason, featured: false, reviewedAt: at, reviewedBy: reviewerId, updatedAt: at })
    .where(eq(media.id, id));
}

export async function setItemFeatured(db: Db | Tx, id: number, featured: boolean, at: number) {
  await db.update(media).set({ featured, updatedAt: at }).where(eq(media.id, id));
}

/** The admin kept the item: its open reports are resolved and it is shown again. Returns how many were open. */
export async function resolveOpenReports(db: Db | Tx, mediaId: number, at: number): Promise<number> {
  const resolved = await db.update(reports).set({ status: "resolved" })
    .where(and(eq(reports.mediaId, mediaId), eq(reports.status, "open"))).returning({ id: reports.id });
  // `hidden` follows (a trigger of migration 0015): still true while the owner is banned.
  await db.update(media).set({ openReports: 0, reportsHidden: false, updatedAt: at }).where(eq(media.id, mediaId));
  return resolved.length;
}

const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  role: users.role,
  banned: users.banned,
  createdAt: users.createdAt,
};

/** Accounts for the Users tab, newest first; `q` narrows by username or email. */
export function listUsersForAdmin(db: Db, q?: string) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const where = pattern ? or(like(users.username, sql`${pattern} escape '\\'`), like(users.email, sql`${pattern} escape '\\'`)) : undefined;
  return db.select(adminUserColumns).from(users).where(where)
    .orderBy(desc(users.createdAt), desc(users.id)).limit(ADMIN_LIST_MAX).all();
}

export function findUserForAdmin(db: Db | Tx, id: number) {
  return db.select(adminUserColumns).from(users).where(eq(users.id, id)).get();
}

export async function setUserBanned(db: Db | Tx, id: number, banned: boolean) {
  await db.update(users).set({ banned }).where(eq(users.id, id));
}

/** Site categories for the Edit Video dialog's select. */
export function listCategoryOptions(db: Db) {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)).all();
}
