/**
 * Reading and keeping notifications (issue 33): a member's page and unread count, marking read, the
 * settings, and retention. An entry about an item the member may no longer see (hidden, rejected, still
 * processing, and not theirs) is left out of both the page and the count: `visibleToReceiver`; so is a
 * "started following you" whose followers have all been banned since (issue 43: it read "Someone").
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { preparedOn } from "../prepared.ts";
import { MAX_PER_MEMBER, type NotificationKind, READ_KEEP_DAYS } from "../../common/notification_rules.ts";

type Conn = Db | Tx;

/** SQL over `n` (notifications) and `m` (its item, left-joined): the receiver may see what the entry is about. */
const visibleToReceiver = sql`(n.media_id is null or m.user_id = n.user_id
  or (m.review_status = 'approved' and m.hidden = 0 and m.playable = 1))
  and (n.kind <> 'new_follower' or exists (select 1 from json_each(n.actor_ids) a join users u on u.id = a.value where u.banned = 0))`;

export type NotificationRow = {
  id: number;
  kind: NotificationKind;
  groupKey: string;
  count: number;
  actorIds: string;
  mediaId: number | null;
  threadId: number | null;
  detail: string | null;
  updatedAt: number;
  readAt: number | null;
  title: string | null;
  threadTitle: string | null;
};

const rowColumns = sql`n.id, n.kind, n.group_key as groupKey, n.count, n.actor_ids as actorIds, n.media_id as mediaId,
  n.thread_id as threadId, n.detail, n.updated_at as updatedAt, n.read_at as readAt, m.title, t.title as threadTitle
  from notifications n left join media m on m.id = n.media_id left join threads t on t.id = n.thread_id`;

/** The SQL of one page, newest event first (notifications_user_updated); its plan is tested. */
export const notificationPageSql = (userId: number, limit: number, offset: number) =>
  sql`select ${rowColumns} where n.user_id = ${userId} and ${visibleToReceiver}
    order by n.updated_at desc, n.id desc limit ${limit} offset ${offset}`;

export function listNotifications(db: Conn, userId: number, limit: number, offset: number): Promise<NotificationRow[]> {
  return db.all<NotificationRow>(notificationPageSql(userId, limit, offset));
}

/** A mail's entries: the member's unread ones of a kind changed since their last mail of it, newest first. */
export function listUnreadOfKind(
  db: Conn,
  userId: number,
  kind: NotificationKind,
  since: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db.all<NotificationRow>(sql`select ${rowColumns} where n.user_id = ${userId} and n.kind = ${kind} and n.read_at is null
    and n.updated_at > ${since} and ${visibleToReceiver} order by n.updated_at desc, n.id desc limit ${limit}`);
}

/** The member's unread entries (an index search of notifications_unread_group, then each entry's item by its key). */
export async function countUnread(db: Conn, userId: number): Promise<number> {
  const row = await preparedOn<{ n: number }>(db, "notificationsUnread", (d) => unreadCountQuery(d, sql.placeholder("id")))
    .get({ id: userId });
  return row?.n ?? 0;
}

/** The builder of countUnread, for its plan test. */
export function unreadCountQuery(db: Conn, userId: unknown) {
  // INDEXED BY: without statistics SQLite took notifications_user_updated and read the member's read rows too.
  return db.select({ n: sql<number>`count(*)` })
    .from(sql`notifications n indexed by notifications_unread_group left join media m on m.id = n.media_id`)
    .where(sql`n.user_id = ${userId} and n.read_at is null and ${visibleToReceiver}`);
}

/** Marks the member's own entries read (ids of others' are ignored); how many changed. */
export async function markRead(tx: Tx, userId: number, ids: number[] | "all", now = Date.now()): Promise<number> {
  const which = ids === "all" ? sql`` : sql`and id in (select value from json_each(${JSON.stringify(ids)}))`;
  const rows = await tx.all(
    sql`update notifications set read_at = ${now} where user_id = ${userId} and read_at is null ${which} returning id`,
  );
  return rows.length;
}

/** Users by id, for the actors an entry names. */
export function listActors(db: Conn, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.all<{ id: number; username: string; createdAt: number; isAdmin: number }>(sql`
    select id, username, created_at as createdAt, is_admin as isAdmin from users
    where id in (select value from json_each(${JSON.stringify(ids)})) and banned = 0`);
}

// ---- settings ----

export function listSettingRows(db: Conn, userId: number) {
  return db.all<{ kind: string; web: number; email: number }>(
    sql`select kind, web, email from notification_settings where user_id = ${userId}`,
  );
}

/** Stores the member's settings: only the kinds that differ from the defaults keep a row. */
export async function replaceSettings(
  tx: Tx,
  userId: number,
  differing: { kind: NotificationKind; web: boolean; email: boolean }[],
): Promise<void> {
  await tx.run(sql`delete from notification_settings where user_id = ${userId}`);
  for (const s of differing) {
    await tx.run(
      sql`insert into notification_settings (user_id, kind, web, email) values (${userId}, ${s.kind}, ${s.web ? 1 : 0}, ${
        s.email ? 1 : 0
      })`,
    );
  }
}

/** Turns one kind's mail off (the one-click unsubscribe), keeping its web setting. */
export async function setEmailOff(tx: Tx, userId: number, kind: NotificationKind, webDefault: boolean): Promise<void> {
  await tx.run(sql`insert into notification_settings (user_id, kind, web, email) values (${userId}, ${kind}, ${webDefault ? 1 : 0}, 0)
    on conflict (user_id, kind) do update set email = 0`);
}

// ---- retention ----

/** Read entries older than READ_KEEP_DAYS (notifications_read_at), at most `limit` at a time; how many went. */
export async function deleteOldRead(tx: Tx, now: number, limit: number): Promise<number> {
  const before = now - READ_KEEP_DAYS * 86_400_000;
  const rows = await tx.all(sql`delete from notifications where id in (
    select id from notifications where read_at is not null and read_at < ${before} limit ${limit}) returning id`);
  return rows.length;
}

/** Members with more than MAX_PER_MEMBER entries (a walk of notifications_user_updated's first column). */
export async function membersOverCap(db: Conn): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`select user_id as id from notifications group by user_id having count(*) > ${MAX_PER_MEMBER}`,
  );
  return rows.map((r) => r.id);
}

/** Keeps the member's MAX_PER_MEMBER newest entries; how many went. */
export async function trimMember(tx: Tx, userId: number): Promise<number> {
  const rows = await tx.all(sql`delete from notifications where user_id = ${userId} and id not in (
    select id from notifications where user_id = ${userId} order by updated_at desc, id desc limit ${MAX_PER_MEMBER}) returning id`);
  return rows.length;
}
