/**
 * What the admin's member page reads about one member (issue 34 point 4): their account, counts,
 * uploads in every state (paged), newest posts of each kind, reports they made and reports against
 * what they posted. Each list goes by the member's index of its table (`*_user_created`, migration
 * 0020; media_user_created), newest first, with a LIMIT: a member with years of posts costs a page.
 */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { comments, media, postReports, reports, threadComments, threads, users } from "../schema/mod.ts";
import type { PostKind } from "../../common/moderation.ts";
import { type AdminPostRow, selectKind, toAdminPostRow } from "./admin_posts.ts";

type Conn = Db | Tx;

export function findMemberAccount(db: Conn, id: number) {
  return db.select({
    id: users.id,
    username: users.username,
    email: users.email,
    emailVerified: users.emailVerified,
    isAdmin: users.isAdmin,
    role: users.role,
    uploadQuotaBytes: users.uploadQuotaBytes,
    dailyUploadQuotaBytes: users.dailyUploadQuotaBytes,
    banned: users.banned,
    createdAt: users.createdAt,
    lastSeenAt: users.lastSeenAt,
    about: users.about,
  }).from(users).where(eq(users.id, id)).get();
}

/** Their uploads by review state. */
export async function countUploadsByState(db: Conn, userId: number): Promise<Record<string, number>> {
  const rows = await db.select({ state: media.reviewStatus, n: count() }).from(media).where(eq(media.userId, userId))
    .groupBy(media.reviewStatus).all();
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

const countWhere = async (db: Conn, table: typeof comments | typeof threads | typeof threadComments, userId: number) =>
  (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)).get())?.n ?? 0;

/** How many item comments, forum threads and forum comments they wrote, and reports they made. */
export async function countMemberPosts(db: Conn, userId: number) {
  const [itemComments, forumThreads, forumComments, itemReports, postReportsMade] = await Promise.all([
    countWhere(db, comments, userId),
    countWhere(db, threads, userId),
    countWhere(db, threadComments, userId),
    db.select({ n: count() }).from(reports).where(eq(reports.userId, userId)).get().then((r) => r?.n ?? 0),
    db.select({ n: count() }).from(postReports).where(eq(postReports.userId, userId)).get().then((r) => r?.n ?? 0),
  ]);
  return { comments: itemComments, threads: forumThreads, forumComments, reportsMade: itemReports + postReportsMade };
}

/** One page of their uploads in every state, newest first (media_user_created). */
export function memberUploadsQuery(db: Conn, userId: number, offset: number, limit: number) {
  return db.select({
    id: media.id,
    title: media.title,
    contentType: media.contentType,
    reviewStatus: media.reviewStatus,
    rejectionReason: media.rejectionReason,
    hidden: media.hidden,
    createdAt: media.createdAt,
    thumbnailKey: media.thumbnailKey,
    fileKey: media.fileKey,
    youtubeId: media.youtubeId,
    processingState: media.processingState,
  }).from(media).where(eq(media.userId, userId)).orderBy(desc(media.createdAt), desc(media.id)).limit(limit).offset(offset);
}

export const listMemberUploads = (db: Conn, userId: number, offset: number, limit: number) =>
  memberUploadsQuery(db, userId, offset, limit).all();

/** Ids of their uploads waiting for review, oldest first (at most `limit`: the reject-all action's batch). */
export async function listPendingUploadIds(db: Conn, userId: number, limit: number): Promise<number[]> {
  const rows = await db.select({ id: media.id }).from(media)
    .where(and(eq(media.userId, userId), eq(media.reviewStatus, "pending"))).orderBy(media.createdAt, media.id).limit(limit).all();
  return rows.map((r) => r.id);
}

/** Their newest posts of one kind (the statement, for the plan test). */
export const memberPostsSql = (kind: PostKind, userId: number, limit: number): SQL =>
  sql`${selectKind(kind, sql`p.user_id = ${userId}`)} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`;

export async function listMemberPosts(db: Db, kind: PostKind, userId: number, limit: number): Promise<AdminPostRow[]> {
  return (await db.all<AdminPostRow>(memberPostsSql(kind, userId, limit))).map(toAdminPostRow);
}

/** A report as the member page lists it: what it is about, by whom, with its words. */
export type MemberReportRow = {
  id: number;
  kind: PostKind | "item";
  targetId: number;
  /** The item of a comment, the thread of a forum comment, the thread itself; the item for an item. */
  parentId: number;
  context: string | null;
  reason: string;
  details: string | null;
  status: string;
  createdAt: number;
  reporterId: number | null;
  reporterName: string | null;
  reporterKey: string;
  /** Whose content it is about. */
  ownerId: number | null;
  ownerName: string | null;
};

const ITEM_REPORT = sql`SELECT r.id, 'item' AS kind, r.media_id AS targetId, r.media_id AS parentId, m.title AS context, r.reason,
  r.details, r.status, r.created_at AS createdAt, r.user_id AS reporterId, ru.username AS reporterName, r.reporter_key AS reporterKey,
  m.user_id AS ownerId, ou.username AS ownerName
  FROM reports r JOIN media m ON m.id = r.media_id LEFT JOIN users ru ON ru.id = r.user_id LEFT JOIN users ou ON ou.id = m.user_id`;

function postReport(kind: PostKind): SQL {
  const select = sql`SELECT r.id, ${kind} AS kind, p.id AS targetId,`;
  const tail = sql`r.reason, r.details, r.status, r.created_at AS createdAt, r.user_id AS reporterId, ru.username AS reporterName,
    r.reporter_key AS reporterKey, p.user_id AS ownerId, ou.username AS ownerName`;
  const joins = sql`LEFT JOIN users ru ON ru.id = r.user_id LEFT JOIN users ou ON ou.id = p.user_id`;
  if (kind === "comment") {
    return sql`${select} p.media_id AS parentId, m.title AS context, ${tail}
      FROM post_reports r JOIN comments p ON p.id = r.comment_id JOIN media m ON m.id = p.media_id ${joins}`;
  }
  if (kind === "thread") {
    return sql`${select} p.id AS parentId, p.title AS context, ${tail} FROM post_reports r JOIN threads p ON p.id = r.thread_id ${joins}`;
  }
  return sql`${select} p.thread_id AS parentId, t.title AS context, ${tail}
    FROM post_reports r JOIN thread_comments p ON p.id = r.thread_comment_id JOIN threads t ON t.id = p.thread_id ${joins}`;
}

const KINDS: PostKind[] = ["comment", "thread", "forum-comment"];

/** The reports this member made, newest first (reports_user_created, post_reports_user_created). */
export const reportsMadeSql = (userId: number, limit: number): SQL =>
  sql`SELECT * FROM (${ITEM_REPORT} WHERE r.user_id = ${userId} UNION ALL ${
    sql.join(KINDS.map((k) => sql`${postReport(k)} WHERE r.user_id = ${userId}`), sql` UNION ALL `)
  }) ORDER BY createdAt DESC, id DESC LIMIT ${limit}`;

/** The reports of this member's items and posts, newest first (through their content's user indexes). */
export const reportsAgainstSql = (userId: number, limit: number): SQL =>
  sql`SELECT * FROM (${ITEM_REPORT} WHERE m.user_id = ${userId} UNION ALL ${
    sql.join(KINDS.map((k) => sql`${postReport(k)} WHERE p.user_id = ${userId}`), sql` UNION ALL `)
  }) ORDER BY createdAt DESC, id DESC LIMIT ${limit}`;

export async function listMemberReports(db: Db, which: "made" | "against", userId: number, limit: number): Promise<MemberReportRow[]> {
  const rows = await db.all<MemberReportRow>(which === "made" ? reportsMadeSql(userId, limit) : reportsAgainstSql(userId, limit));
  const num = (v: number | null) => v === null ? null : Number(v);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    targetId: Number(r.targetId),
    parentId: Number(r.parentId),
    createdAt: Number(r.createdAt),
    reporterId: num(r.reporterId),
    ownerId: num(r.ownerId),
  }));
}

/** Ids of every post of theirs of one kind, at most `limit` (the delete-all action's batch). */
export async function listMemberPostIds(db: Conn, kind: PostKind, userId: number, limit: number): Promise<number[]> {
  const table = kind === "comment" ? comments : kind === "thread" ? threads : threadComments;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.userId, userId)).limit(limit).all();
  return rows.map((r) => r.id);
}
