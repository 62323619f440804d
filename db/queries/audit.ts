/** The audit log: entries written with the member they are about, and read by the Log tab and the member page. */
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Tx } from "../client.ts";
import { auditLog, comments, media, threadComments, threads, users } from "../schema/mod.ts";

export type AuditTarget =
  | "media"
  | "user"
  | "thread"
  | "thread_comment"
  | "comment"
  | "watched_word"
  | "site"
  | "federation_block"
  | "remote_actor"
  | "category";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  targetType: AuditTarget;
  targetId: number;
  details?: Record<string, unknown>;
  /** Left out: read from the target as the entry is written (lib/community/audit.ts). */
  subjectId?: number | null;
};

/** The member a target belongs to, read in the statement that writes the entry. */
function subjectOf(targetType: AuditTarget, targetId: number): SQL | null {
  switch (targetType) {
    case "user":
      return sql`${targetId}`;
    case "media":
      return sql`(select ${media.userId} from ${media} where ${media.id} = ${targetId})`;
    case "comment":
      return sql`(select ${comments.userId} from ${comments} where ${comments.id} = ${targetId})`;
    case "thread":
      return sql`(select ${threads.userId} from ${threads} where ${threads.id} = ${targetId})`;
    case "thread_comment":
      return sql`(select ${threadComments.userId} from ${threadComments} where ${threadComments.id} = ${targetId})`;
    default:
      return null;
  }
}

export async function insertAuditEntry(db: Db | Tx, entry: AuditEntry, at: number) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ? JSON.stringify(entry.details) : null,
    createdAt: at,
    subjectId: entry.subjectId !== undefined ? entry.subjectId : subjectOf(entry.targetType, entry.targetId),
  });
}

export type AuditKind = "moderation" | "edits" | "all";

/**
 * Owners' edits (`content.owner_edit`) apart from admins' actions, each side by its own index
 * (migration 0015: audit_moderation, partial, and audit_action), so any number of edits never pushes
 * a moderation entry out of its list (issue 31 point 6). The literal, not a bound value: SQLite uses a
 * partial index only for the very condition it was made with.
 */
const AUDIT_KIND_WHERE: Record<AuditKind, SQL | undefined> = {
  moderation: sql`${auditLog.action} <> 'content.owner_edit'`,
  edits: sql`${auditLog.action} = 'content.owner_edit'`,
  all: undefined,
};

export type AuditFilter = {
  limit: number;
  /** Older than this entry (keyset paging, newest first by id). */
  before?: number;
  /** Newer than this entry: the page before, read oldest first and turned round by the caller. */
  after?: number;
  kind: AuditKind;
  /** Who acted (issue 34 point 7's "admin"). */
  actorId?: number;
  action?: string;
  /** Whom it was about (the member). */
  subjectId?: number;
};

const subject = alias(users, "subject");

/** A page of audit entries with the actor's and the member's names, newest first (or oldest first with `after`). */
export function listAuditEntries(db: Db, q: AuditFilter) {
  return auditEntriesQuery(db, q).all();
}

/** The builder of listAuditEntries, for its plan test. */
export function auditEntriesQuery(db: Db, q: AuditFilter) {
  // A named action says which entries it wants: the kind's own condition would only repeat or contradict it.
  const kind = q.action === undefined ? AUDIT_KIND_WHERE[q.kind] : undefined;
  return db.select({
    id: auditLog.id,
    actorId: auditLog.actorId,
    actorName: users.username,
    action: auditLog.action,
    targetType: auditLog.targetType,
    targetId: auditLog.targetId,
    subjectId: auditLog.subjectId,
    subjectName: subject.username,
    details: auditLog.details,
    createdAt: auditLog.createdAt,
  }).from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectId))
    .where(and(
      kind,
      q.actorId === undefined ? undefined : eq(auditLog.actorId, q.actorId),
      q.action === undefined ? undefined : eq(auditLog.action, q.action),
      q.subjectId === undefined ? undefined : eq(auditLog.subjectId, q.subjectId),
      q.before === undefined ? undefined : lt(auditLog.id, q.before),
      q.after === undefined ? undefined : sql`${auditLog.id} > ${q.after}`,
    ))
    .orderBy(q.after === undefined ? desc(auditLog.id) : auditLog.id).limit(q.limit);
}

export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

/** The admins, by name: the Log's "admin" filter (users_admins, partial). */
export function listAdmins(db: Db) {
  return db.select({ id: users.id, username: users.username }).from(users).where(sql`is_admin = 1`).orderBy(users.username).limit(200)
    .all();
}

/** A member's id by username, any case (users_username_nocase): the Log's "member" filter. */
export async function findUserIdByName(db: Db, username: string): Promise<number | null> {
  return (await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get())?.id ?? null;
}
