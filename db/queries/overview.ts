/**
 * The admin overview's figures (lib/community/site_overview.ts): what happened per day over the last days,
 * and the site's totals. Each daily series reads a `created_at` index (migration 0009, and
 * views_created) over the range only.
 */
import { count, gte, sql, sum } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import { comments, jobs, likes, media, mediaFiles, reports, users, views } from "../schema/mod.ts";

export const DAY_MS = 86_400_000;

/** A count per UTC day number (ms since the epoch / DAY_MS) of rows created since `since`. */
export type DayCount = { day: number; n: number };

/** The builder of one series (tests EXPLAIN it). */
export function perDayQuery(db: Db, table: SQLiteTable, createdAt: SQLiteColumn, since: number) {
  // A literal, not a parameter: a bound number may arrive as a float and make the division one.
  const day = sql<number>`${createdAt} / ${sql.raw(String(DAY_MS))}`;
  return db.select({ day, n: count() }).from(table).where(gte(createdAt, since)).groupBy(day);
}

const perDay = (db: Db, table: SQLiteTable, createdAt: SQLiteColumn, since: number) =>
  perDayQuery(db, table, createdAt, since).all() as Promise<DayCount[]>;

export const newMembersPerDay = (db: Db, since: number) => perDay(db, users, users.createdAt, since);
export const uploadsPerDay = (db: Db, since: number) => perDay(db, media, media.createdAt, since);
export const viewsPerDay = (db: Db, since: number) => perDay(db, views, views.createdAt, since);
export const likesPerDay = (db: Db, since: number) => perDay(db, likes, likes.createdAt, since);
export const commentsPerDay = (db: Db, since: number) => perDay(db, comments, comments.createdAt, since);
export const reportsPerDay = (db: Db, since: number) => perDay(db, reports, reports.createdAt, since);

export type SiteTotals = {
  members: number;
  items: number;
  pending: number;
  views: number;
  likes: number;
  comments: number;
  openReports: number;
  originalBytes: number;
};

/** The whole site's counts in one statement (each a count over an index, views and sizes a sum over media). */
export async function siteTotals(db: Db): Promise<SiteTotals> {
  const [m, u, l, c, r] = await Promise.all([
    db.select({
      items: count(),
      pending: sql<number>`coalesce(sum(${media.reviewStatus} = 'pending'), 0)`,
      views: sum(media.views),
      bytes: sum(media.size),
    }).from(media).get(),
    db.select({ n: count() }).from(users).get(),
    db.select({ n: count() }).from(likes).get(),
    db.select({ n: count() }).from(comments).get(),
    db.select({ n: count() }).from(reports).where(sql`${reports.status} = 'open'`).get(),
  ]);
  return {
    members: u?.n ?? 0,
    items: m?.items ?? 0,
    pending: Number(m?.pending ?? 0),
    views: Number(m?.views ?? 0),
    likes: l?.n ?? 0,
    comments: c?.n ?? 0,
    openReports: r?.n ?? 0,
    originalBytes: Number(m?.bytes ?? 0),
  };
}

/** The database file's size as SQLite counts it (pages in use and free), in bytes. */
export async function databaseBytes(db: Db): Promise<number> {
  const pages = await db.client.execute("PRAGMA page_count");
  const size = await db.client.execute("PRAGMA page_size");
  return Number(pages.rows[0]?.[0] ?? 0) * Number(size.rows[0]?.[0] ?? 0);
}

export type DerivedBytes = { renditions: number; previewsAndPosters: number };

/** Bytes of the files the video job made (db/schema media_files): renditions, and previews with posters. */
export async function derivedFileBytes(db: Db): Promise<DerivedBytes> {
  const [row] = await db
    .select({
      renditions: sql<number>`coalesce(sum(CASE WHEN ${mediaFiles.role} = 'rendition' THEN ${mediaFiles.bytes} END), 0)`,
      others: sql<number>`coalesce(sum(CASE WHEN ${mediaFiles.role} <> 'rendition' THEN ${mediaFiles.bytes} END), 0)`,
    })
    .from(mediaFiles);
  return { renditions: Number(row?.renditions ?? 0), previewsAndPosters: Number(row?.others ?? 0) };
}

export type JobCounts = { waiting: number; failed: number };

/** Jobs queued or running, and jobs that failed for good (lib/jobs/). */
export async function jobCounts(db: Db): Promise<JobCounts> {
  const [row] = await db
    .select({
      waiting: sql<number>`coalesce(sum(${jobs.state} IN ('queued', 'running')), 0)`,
      failed: sql<number>`coalesce(sum(${jobs.state} = 'failed'), 0)`,
    })
    .from(jobs);
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}
