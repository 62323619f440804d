import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { media } from "./media.ts";
import { threads } from "./community.ts";

/**
 * Notifications (issue 33, migration 0018, decision 031). One unread row per receiver, kind, group key
 * (`m:<item>`, `u:<creator>`, `t:<thread>` or `` for new followers) and UTC day folds its events:
 * `count` of them and the first distinct actors (`actor_ids`, a JSON array of user ids). `updatedAt` is
 * the newest event's time (the order); `readAt` null while unread.
 */
export const notifications = sqliteTable("notifications", {
  id: integer().primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text().notNull(),
  groupKey: text("group_key").notNull(),
  day: integer().notNull(),
  count: integer().notNull().default(1),
  actorIds: text("actor_ids").notNull().default("[]"),
  mediaId: integer("media_id").references(() => media.id, { onDelete: "cascade" }),
  threadId: integer("thread_id").references(() => threads.id, { onDelete: "cascade" }),
  /** A rejection's or a failed processing's reason, or the like milestone reached. */
  detail: text(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  readAt: integer("read_at"),
}, (t) => [
  uniqueIndex("notifications_unread_group").on(t.userId, t.kind, t.groupKey, t.day).where(sql`read_at IS NULL`),
  index("notifications_user_updated").on(t.userId, t.updatedAt, t.id),
  index("notifications_read_at").on(t.readAt).where(sql`read_at IS NOT NULL`),
  index("notifications_media").on(t.mediaId).where(sql`media_id IS NOT NULL`),
  index("notifications_thread").on(t.threadId).where(sql`thread_id IS NOT NULL`),
]);

/**
 * The distinct followers folded into an unread "new followers" entry (issue 42 point 7, migration 0026,
 * WITHOUT ROWID there): a follower already in it adds nothing, however often they unfollow and follow again.
 */
export const notificationActors = sqliteTable("notification_actors", {
  notificationId: integer("notification_id").notNull().references(() => notifications.id, { onDelete: "cascade" }),
  actorId: integer("actor_id").notNull(),
}, (t) => [primaryKey({ columns: [t.notificationId, t.actorId] })]);

/** Per member and kind, only what differs from the defaults (common/notification_rules.ts). WITHOUT ROWID in the migration. */
export const notificationSettings = sqliteTable("notification_settings", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text().notNull(),
  web: integer({ mode: "boolean" }).notNull(),
  email: integer({ mode: "boolean" }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);

/** Mail pacing: the last mail of a kind to a member, and whether its next mail job is queued. */
export const notificationMailState = sqliteTable("notification_mail_state", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text().notNull(),
  lastSentAt: integer("last_sent_at").notNull().default(0),
  pending: integer({ mode: "boolean" }).notNull().default(false),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);

/** A published item's fan-out to its creator's followers: once per item, resumable from its cursor. */
export const notificationFanouts = sqliteTable("notification_fanouts", {
  mediaId: integer("media_id").primaryKey().references(() => media.id, { onDelete: "cascade" }),
  afterCreated: integer("after_created").notNull().default(0),
  afterUser: integer("after_user").notNull().default(0),
  done: integer({ mode: "boolean" }).notNull().default(false),
});
