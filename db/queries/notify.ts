/**
 * Writing notifications (issue 33, decision 031): always in the caller's transaction, the one of the
 * event, so an event and its notification commit together or not at all. One statement per event:
 * an INSERT ... SELECT over the receivers that keeps the rules in SQL (never the actor, a banned or
 * blocked member, a muted member, generator or tag, or a kind the receiver turned off for the web)
 * and folds into the receiver's unread entry of the day (ON CONFLICT on notifications_unread_group).
 * Receivers who want the kind by mail get a mail job queued, at most one pending per member and kind.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { insertJob } from "./jobs.ts";
import { ACTORS_KEPT, emailByDefault, MAIL_JOB, mailWindow, milestoneAt, type NotificationKind } from "../../common/notification_rules.ts";

export const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/** Mail jobs are small and retried a few times (a mail server briefly down). */
const MAIL_JOB_ATTEMPTS = 5;

export type NotifyEvent = {
  kind: NotificationKind;
  /** The receivers: ids, or a SQL subquery selecting one column of ids. */
  to: number[] | SQL;
  /** Who acted (never notified themselves; blocks and mutes are checked against them); null for the site or a visitor. */
  actorId: number | null;
  groupKey: string;
  mediaId?: number | null;
  threadId?: number | null;
  detail?: string | null;
  /** Someone acting for the site (an admin deciding on their own upload): not notified, but no block or mute applies. */
  skip?: number;
  /** Also skip receivers whose generator or tag mutes hide the item (someone else's item). */
  itemMutes?: boolean;
  now?: number;
};

const receiversOf = (to: number[] | SQL): SQL => Array.isArray(to) ? sql`select value from json_each(${JSON.stringify(to)})` : to;

/** SQL: the receiver `r` has this kind's email on (stored setting, or the kind's default). */
export function emailOnSql(kind: NotificationKind): SQL {
  return emailByDefault(kind)
    ? sql`not exists (select 1 from notification_settings s where s.user_id = r.id and s.kind = ${kind} and s.email = 0)`
    : sql`exists (select 1 from notification_settings s where s.user_id = r.id and s.kind = ${kind} and s.email = 1)`;
}

/** Writes (or folds) the event's notifications; the ids of the members who got one. */
export async function notify(tx: Tx, e: NotifyEvent): Promise<number[]> {
  const now = e.now ?? Date.now();
  const actor = e.actorId;
  const media = e.mediaId ?? null;
  const actors = actor === null ? "[]" : `[${actor}]`;
  const actorRules = actor === null ? sql`` : sql`
    and r.id <> ${actor}
    and not exists (select 1 from blocks b where (b.blocker_id = r.id and b.blocked_id = ${actor}) or (b.blocker_id = ${actor} and b.blocked_id = r.id))
    and not exists (select 1 from user_mutes um where um.user_id = r.id and um.type = 'user' and um.value = ${String(actor)})`;
  const itemRules = e.itemMutes && media !== null
    ? sql`
    and not exists (select 1 from user_mutes um where um.user_id = r.id and um.type = 'generator'
      and um.value = (select lower(trim(m.ai_generator)) from media m where m.id = ${media}))
    and not exists (select 1 from media_tags mt join user_mutes um on um.user_id = r.id and um.type = 'tag'
      and um.value = coalesce((select tf.folded from tag_folds tf where tf.tag = mt.tag), mt.tag) where mt.media_id = ${media})`
    : sql``;
  const rows = await tx.all<{ user_id: number }>(sql`
    insert into notifications (user_id, kind, group_key, day, count, actor_ids, media_id, thread_id, detail, created_at, updated_at)
    select r.id, ${e.kind}, ${e.groupKey}, ${dayOf(now)}, 1, ${actors}, ${media}, ${e.threadId ?? null}, ${e.detail ?? null}, ${now}, ${now}
    from users r
    where r.id in (${receiversOf(e.to)}) and r.banned = 0
      and not exists (select 1 from notification_settings s where s.user_id = r.id and s.kind = ${e.kind} and s.web = 0)
      ${e.skip === undefined ? sql`` : sql`and r.id <> ${e.skip}`} ${actorRules} ${itemRules}
    on conflict (user_id, kind, group_key, day) where read_at is null do update set
      count = notifications.count + 1,
      updated_at = excluded.updated_at,
      media_id = coalesce(excluded.media_id, notifications.media_id),
      detail = coalesce(excluded.detail, notifications.detail),
      actor_ids = case
        when excluded.actor_ids = '[]' or json_array_length(notifications.actor_ids) >= ${ACTORS_KEPT}
          or exists (select 1 from json_each(notifications.actor_ids) a where a.value = json_extract(excluded.actor_ids, '$[0]'))
        then notifications.actor_ids
        else json_insert(notifications.actor_ids, '$[#]', json_extract(excluded.actor_ids, '$[0]')) end
    returning user_id`);
  const ids = rows.map((r) => r.user_id);
  if (ids.length) await queueMails(tx, e.kind, ids, now);
  return ids;
}

/**
 * For each of `ids` who wants this kind by mail at a verified address and has no mail job pending: one
 * job, due when the kind's window since their last mail has passed (an hour; a day for the digest).
 */
async function queueMails(tx: Tx, kind: NotificationKind, ids: number[], now: number) {
  const due = await tx.all<{ id: number; last: number | null }>(sql`
    select r.id, st.last_sent_at as last from users r
    left join notification_mail_state st on st.user_id = r.id and st.kind = ${kind}
    where r.id in (select value from json_each(${JSON.stringify(ids)}))
      and r.email is not null and r.email_verified = 1 and coalesce(st.pending, 0) = 0 and ${emailOnSql(kind)}`);
  for (const { id, last } of due) await queueMail(tx, id, kind, Math.max(now, (last ?? 0) + mailWindow(kind)), now);
}

/** Marks the member's mail of this kind pending and queues its job. */
export async function queueMail(tx: Tx, userId: number, kind: NotificationKind, runAfter: number, now = Date.now()) {
  await tx.run(sql`insert into notification_mail_state (user_id, kind, pending) values (${userId}, ${kind}, 1)
    on conflict (user_id, kind) do update set pending = 1`);
  await insertJob(tx, { kind: MAIL_JOB, payload: { userId, kind }, maxAttempts: MAIL_JOB_ATTEMPTS, runAfter }, now);
}

/** The owner of an item (a notification about their own item goes to them). */
async function ownerOf(tx: Tx, mediaId: number): Promise<{ userId: number; title: string } | undefined> {
  return (await tx.all<{ userId: number; title: string }>(sql`select user_id as userId, title from media where id = ${mediaId}`))[0];
}

/** An admin's decision on an item (approved, rejected with its reason), to its owner. */
export async function notifyReview(tx: Tx, mediaId: number, kind: "upload_approved" | "upload_rejected", adminId: number, reason?: string) {
  const item = await ownerOf(tx, mediaId);
  if (!item) return;
  // The admin decides for the site (no block or mute between them and the owner hides it), and is not told of their own upload.
  await notify(tx, { kind, to: [item.userId], actorId: null, skip: adminId, groupKey: `m:${mediaId}`, mediaId, detail: reason ?? null });
}

/** The site did something to the owner's item: reports hid it, or its processing failed for good. */
export async function notifyOwner(tx: Tx, mediaId: number, kind: "upload_hidden" | "processing_failed", detail: string | null = null) {
  const item = await ownerOf(tx, mediaId);
  if (item) await notify(tx, { kind, to: [item.userId], actorId: null, groupKey: `m:${mediaId}`, mediaId, detail });
}

/** A shown comment on an item, to its owner (a visitor's comment has no actor). */
export async function notifyComment(tx: Tx, mediaId: number, actorId: number | null) {
  const item = await ownerOf(tx, mediaId);
  if (item) await notify(tx, { kind: "comment", to: [item.userId], actorId, groupKey: `m:${mediaId}`, mediaId });
}

/** A like that brought the item to a milestone it had not reached before, to its owner. */
export async function notifyLikes(tx: Tx, mediaId: number, likes: number) {
  const milestone = milestoneAt(likes);
  if (milestone === null) return;
  const [moved] = await tx.all<{ userId: number }>(sql`update media set notified_likes = ${milestone}
    where id = ${mediaId} and notified_likes < ${milestone} returning user_id as userId`);
  if (!moved) return;
  // The milestone is the site's news, not the last liker's: no actor, so no block or mute of one hides it.
  await notify(tx, {
    kind: "like_milestone",
    to: [moved.userId],
    actorId: null,
    groupKey: `m:${mediaId}:${milestone}`,
    mediaId,
    detail: String(milestone),
  });
}

/** A remote account (issue 40) followed the member: named by its handle, one entry per follower and day. */
export function notifyRemoteFollow(tx: Tx, followeeId: number, handle: string) {
  return notify(tx, { kind: "new_follower", to: [followeeId], actorId: null, groupKey: `r:${handle}`, detail: handle });
}

/** A new follower, to the member followed (all of a day's new followers fold into one entry). */
export function notifyFollow(tx: Tx, followerId: number, followeeId: number) {
  return notify(tx, { kind: "new_follower", to: [followeeId], actorId: followerId, groupKey: "" });
}

/** A shown comment in a shown thread: to its starter and everyone with a shown comment in it. */
export async function notifyForumReply(tx: Tx, threadId: number, actorId: number) {
  const [shown] = await tx.all<{ one: number }>(sql`select 1 as one from threads where id = ${threadId} and status = 'shown'`);
  if (!shown) return;
  const to = sql`select user_id from threads where id = ${threadId} and user_id is not null
    union select user_id from thread_comments where thread_id = ${threadId} and status = 'shown' and user_id is not null`;
  await notify(tx, { kind: "forum_reply", to, actorId, groupKey: `t:${threadId}`, threadId });
}
