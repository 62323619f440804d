/** What the notification mail job reads and writes (issue 33 point 5; lib/notify/mail.ts). */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import type { NotificationKind } from "../../common/notification_rules.ts";
import { emailOnSql } from "./notify.ts";

type Conn = Db | Tx;

/** The member as a mail receiver: only with a verified address and this kind's email on. */
export async function findMailReceiver(db: Conn, userId: number, kind: NotificationKind) {
  const [row] = await db.all<{ id: number; username: string; email: string; lastSentAt: number }>(sql`
    select r.id, r.username, r.email, coalesce(st.last_sent_at, 0) as lastSentAt from users r
    left join notification_mail_state st on st.user_id = r.id and st.kind = ${kind}
    where r.id = ${userId} and r.banned = 0 and r.email is not null and r.email_verified = 1 and ${emailOnSql(kind)}`);
  return row;
}

/** The mail went (or there was nothing to send): the next event of the kind queues a new job. */
export async function mailDone(tx: Tx, userId: number, kind: NotificationKind, sentAt: number | null) {
  await tx.run(sql`update notification_mail_state set pending = 0, last_sent_at = coalesce(${sentAt}, last_sent_at)
    where user_id = ${userId} and kind = ${kind}`);
}

/** Whether unread entries of the kind changed after `since` (they wait for the next mail). */
export async function hasUnreadSince(db: Conn, userId: number, kind: NotificationKind, since: number): Promise<boolean> {
  return (await db.all(sql`select 1 from notifications where user_id = ${userId} and kind = ${kind} and read_at is null
    and updated_at > ${since} limit 1`)).length > 0;
}

/** A member's id and current address, for checking an unsubscribe token. */
export async function findUnsubscriber(db: Conn, userId: number) {
  const [row] = await db.all<{ id: number; email: string | null }>(sql`select id, email from users where id = ${userId}`);
  return row;
}
