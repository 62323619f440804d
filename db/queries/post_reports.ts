/**
 * Reports of comments and forum posts (issue 34, `post_reports`), and the reports of items as the
 * Reported tab lists them one by one (`reports`): reason, details, reporter and date.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, postReports, reports } from "../schema/mod.ts";
import { type PostKind, type PostRef, REPORTS_SHOWN_PER_TARGET } from "../../common/moderation.ts";

type Conn = Db | Tx;

const column = (kind: PostKind) =>
  kind === "comment" ? postReports.commentId : kind === "thread" ? postReports.threadId : postReports.threadCommentId;
const columnName = (kind: PostKind) => kind === "comment" ? "comment_id" : kind === "thread" ? "thread_id" : "thread_comment_id";

export function findOpenPostReport(db: Conn, ref: PostRef, reporterKey: string) {
  return db.select({ id: postReports.id }).from(postReports)
    .where(and(eq(column(ref.kind), ref.id), eq(postReports.reporterKey, reporterKey), eq(postReports.status, "open"))).get();
}

export async function insertPostReport(
  tx: Tx,
  ref: PostRef,
  row: {
    userId: number | null;
    reporterKey: string;
    reason: typeof postReports.$inferInsert.reason;
    details: string | null;
    counts: boolean;
  },
): Promise<number> {
  const target = ref.kind === "comment"
    ? { commentId: ref.id }
    : ref.kind === "thread"
    ? { threadId: ref.id }
    : { threadCommentId: ref.id };
  const [r] = await tx.insert(postReports).values({ ...row, ...target }).returning({ id: postReports.id });
  return r.id;
}

/** One open report of a post: which post, who made it, and whether it counted toward hiding. */
export async function findOpenPostReportById(db: Conn, ref: PostRef, reportId: number) {
  return await db.select({
    id: postReports.id,
    userId: postReports.userId,
    reporterKey: postReports.reporterKey,
    counts: postReports.counts,
  })
    .from(postReports)
    .where(and(eq(postReports.id, reportId), eq(column(ref.kind), ref.id), eq(postReports.status, "open"))).get() ?? null;
}

export async function resolvePostReport(tx: Tx, reportId: number) {
  await tx.update(postReports).set({ status: "resolved" }).where(eq(postReports.id, reportId));
}

/** Resolves every open report of a post; how many there were. */
export async function resolvePostReports(tx: Tx, ref: PostRef): Promise<number> {
  const done = await tx.update(postReports).set({ status: "resolved" })
    .where(and(eq(column(ref.kind), ref.id), eq(postReports.status, "open"))).returning({ id: postReports.id });
  return done.length;
}

/** Posts with open reports, most recently reported first. */
export type ReportedTarget = PostRef & { reportCount: number; reporters: number; reportedAt: number };

/** (No column may be named like an array method: rows are array-like, and "at" would read as Array.prototype.at.) */
export const reportedTargetsSql = (limit: number) =>
  sql`SELECT comment_id AS c, thread_id AS t, thread_comment_id AS tc, count(*) AS n, count(DISTINCT reporter_key) AS r,
           max(created_at) AS lastAt
    FROM post_reports WHERE status = 'open'
    GROUP BY comment_id, thread_id, thread_comment_id
    ORDER BY lastAt DESC LIMIT ${limit}`;

export async function listReportedPostTargets(db: Db, limit: number): Promise<ReportedTarget[]> {
  const rows = await db.all<{ c: number | null; t: number | null; tc: number | null; n: number; r: number; lastAt: number }>(
    reportedTargetsSql(limit),
  );
  return rows.map((r) => ({
    kind: r.c !== null ? "comment" : r.t !== null ? "thread" : "forum-comment",
    id: Number(r.c ?? r.t ?? r.tc),
    reportCount: Number(r.n),
    reporters: Number(r.r),
    reportedAt: Number(r.lastAt),
  }));
}

export async function countReportedPosts(db: Db): Promise<number> {
  const row = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM (
    SELECT 1 FROM post_reports WHERE status = 'open' GROUP BY comment_id, thread_id, thread_comment_id)`);
  return Number(row?.n ?? 0);
}

/** An open report as listed: with the reporter's name, or null for a visitor (and for a deleted account). */
export type ReportRow = {
  id: number;
  targetId: number;
  reason: string;
  details: string | null;
  userId: number | null;
  username: string | null;
  reporterKey: string;
  /** Whether it counted toward hiding; the reporter's account creation and verification (null once the account is gone). */
  counts: boolean;
  reporterCreatedAt: number | null;
  reporterVerified: boolean;
  createdAt: number;
  /** A Flag's remote reporter (issue 40): `name@host` and profile address. */
  remoteHandle?: string | null;
  remoteUrl?: string | null;
};

/**
 * The newest open reports (REPORTS_SHOWN_PER_TARGET each) of some targets: of `kind` posts, or of
 * items with `kind` "item". One query per kind of target.
 */
export function openReportsSql(kind: PostKind | "item", ids: number[]) {
  const table = kind === "item" ? sql.raw("reports") : sql.raw("post_reports");
  const target = sql.raw(kind === "item" ? "media_id" : columnName(kind));
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  return sql`
    SELECT * FROM (
      SELECT r.id AS id, r.${target} AS targetId, r.reason AS reason, r.details AS details, r.user_id AS userId,
             u.username AS username, r.reporter_key AS reporterKey, r.created_at AS createdAt, r.counts AS counts,
             u.created_at AS reporterCreatedAt, u.email_verified AS reporterVerified,
             ra.handle AS remoteHandle, coalesce(ra.url, ra.uri) AS remoteUrl,
             row_number() OVER (PARTITION BY r.${target} ORDER BY r.created_at DESC, r.id DESC) AS n
      FROM ${table} r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN remote_actors ra ON ra.id = r.remote_actor_id
      WHERE r.${target} IN (${list}) AND r.status = 'open'
    ) WHERE n <= ${REPORTS_SHOWN_PER_TARGET}`;
}

export async function listOpenReports(db: Db, kind: PostKind | "item", ids: number[]): Promise<ReportRow[]> {
  if (!ids.length) return [];
  const rows = await db.all<ReportRow & { n: number }>(openReportsSql(kind, ids));
  return rows.map((r) => ({
    id: Number(r.id),
    targetId: Number(r.targetId),
    reason: r.reason,
    details: r.details,
    userId: r.userId === null ? null : Number(r.userId),
    username: r.username,
    reporterKey: r.reporterKey,
    counts: Boolean(Number(r.counts)),
    reporterCreatedAt: r.reporterCreatedAt === null ? null : Number(r.reporterCreatedAt),
    reporterVerified: Boolean(Number(r.reporterVerified)),
    createdAt: Number(r.createdAt),
    remoteHandle: r.remoteHandle ?? null,
    remoteUrl: r.remoteUrl ?? null,
  }));
}

/** One open report of an item, for dismissing it alone. */
export async function findOpenItemReport(db: Conn, mediaId: number, reportId: number) {
  return await db.select({ id: reports.id, reporterKey: reports.reporterKey, counts: reports.counts }).from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.mediaId, mediaId), eq(reports.status, "open"))).get() ?? null;
}

export async function resolveItemReport(tx: Tx, reportId: number) {
  await tx.update(reports).set({ status: "resolved" }).where(eq(reports.id, reportId));
}

/**
 * One member's report of an item is gone: the item's count drops by one, and a hidden item shows
 * again once fewer than `hideAt` members report it. Whether it is hidden after.
 */
export async function dropItemReporter(tx: Tx, mediaId: number, hideAt: number, at: number): Promise<boolean> {
  const [row] = await tx.update(media).set({ openReports: sql`max(${media.openReports} - 1, 0)`, updatedAt: at })
    .where(eq(media.id, mediaId)).returning({ openReports: media.openReports, hidden: media.hidden });
  if (row?.hidden && row.openReports < hideAt) {
    await tx.update(media).set({ hidden: false }).where(eq(media.id, mediaId));
    return false;
  }
  return row?.hidden ?? false;
}
