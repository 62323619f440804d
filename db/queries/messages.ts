import { and, count, desc, eq, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { blocks, messages } from "../schema/mod.ts";

type Conn = Db | Tx;

/** Unread messages addressed to the member, leaving out deleted ones and those from members they blocked. */
export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(messages)
    .where(and(
      eq(messages.receiverId, userId),
      isNull(messages.readAt),
      eq(messages.deletedByReceiver, false),
      notExists(
        db.select({ one: sql`1` }).from(blocks).where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, messages.senderId))),
      ),
    )).get();
  return row?.n ?? 0;
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  createdAt: messages.createdAt,
};

export type MessageRow = { id: number; senderId: number; receiverId: number; content: string; createdAt: number };

export async function insertMessage(tx: Tx, row: { senderId: number; receiverId: number; content: string }): Promise<MessageRow> {
  const [inserted] = await tx.insert(messages).values(row).returning(messageColumns);
  return inserted;
}

/** The messages between `me` and `other` that `me` has not deleted. */
const visibleBetween = (me: number, other: number) =>
  or(
    and(eq(messages.senderId, me), eq(messages.receiverId, other), eq(messages.deletedBySender, false)),
    and(eq(messages.senderId, other), eq(messages.receiverId, me), eq(messages.deletedByReceiver, false)),
  );

/** One page of a thread, oldest first: the newest `limit` messages, or the `limit` just older than `before`. */
export async function listThread(db: Conn, me: number, other: number, page: { before?: number; limit: number }): Promise<MessageRow[]> {
  const rows = await db.select(messageColumns).from(messages)
    .where(and(visibleBetween(me, other), page.before === undefined ? undefined : lt(messages.id, page.before)))
    .orderBy(desc(messages.id)).limit(page.limit);
  return rows.reverse();
}

export type ConversationRow = { userId: number; username: string; lastMessage: string; lastAt: number; unreadCount: number };

export const CONVERSATIONS_MAX = 500;

/**
 * The member's conversations, newest first: one row per other member with the last message
 * the member can still see and how many of theirs are unread. Members they blocked are left out.
 * (SQLite takes the bare columns of an aggregate query from the row holding max(id).)
 */
export async function listConversations(db: Conn, me: number): Promise<ConversationRow[]> {
  const rows = await db.all<ConversationRow>(sql`
    SELECT c.other AS userId, u.username AS username, c.content AS lastMessage, c.created_at AS lastAt, c.unread AS unreadCount
    FROM (
      SELECT CASE WHEN m.sender_id = ${me} THEN m.receiver_id ELSE m.sender_id END AS other,
             max(m.id) AS last_id, m.content, m.created_at,
             sum(m.receiver_id = ${me} AND m.read_at IS NULL) AS unread
      FROM messages m
      WHERE (m.sender_id = ${me} AND m.deleted_by_sender = 0) OR (m.receiver_id = ${me} AND m.deleted_by_receiver = 0)
      GROUP BY other
    ) c
    JOIN users u ON u.id = c.other
    WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${me} AND b.blocked_id = c.other)
    ORDER BY c.last_id DESC
    LIMIT ${CONVERSATIONS_MAX}`);
  return rows.map((r) => ({ ...r, userId: Number(r.userId), lastAt: Number(r.lastAt), unreadCount: Number(r.unreadCount) }));
}

/** Marks what `other` sent `me` as read; returns how many messages changed. */
export async function markConversationRead(tx: Tx, me: number, other: number, at = Date.now()): Promise<number> {
  const changed = await tx.update(messages).set({ readAt: at })
    .where(and(eq(messages.receiverId, me), eq(messages.senderId, other), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return changed.length;
}

/**
 * Deletes a conversation for `me` only: each message is flagged on `me`'s side, and a message
 * both sides deleted is removed for good (nobody can see it any more). Returns how many
 * messages left `me`'s view.
 */
export async function deleteConversationFor(tx: Tx, me: number, other: number): Promise<number> {
  const sent = await tx.update(messages).set({ deletedBySender: true })
    .where(and(eq(messages.senderId, me), eq(messages.receiverId, other), eq(messages.deletedBySender, false)))
    .returning({ id: messages.id });
  const received = await tx.update(messages).set({ deletedByReceiver: true })
    .where(and(eq(messages.senderId, other), eq(messages.receiverId, me), eq(messages.deletedByReceiver, false)))
    .returning({ id: messages.id });
  await tx.delete(messages).where(and(
    or(and(eq(messages.senderId, me), eq(messages.receiverId, other)), and(eq(messages.senderId, other), eq(messages.receiverId, me))),
    eq(messages.deletedBySender, true),
    eq(messages.deletedByReceiver, true),
  ));
  return sent.length + received.length;
}
