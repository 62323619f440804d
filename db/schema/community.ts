import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { moderatedColumns } from "./moderated.ts";

const now = () => Date.now();

export const forumCategories = sqliteTable("forum_categories", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** Threads in the category, moved in the transaction that adds or removes one (the sidebar's counts). */
  threadCount: integer("thread_count").notNull().default(0),
  createdAt: integer("created_at").notNull().$defaultFn(now),
});

export const threads = sqliteTable("threads", {
  id: integer().primaryKey({ autoIncrement: true }),
  categoryId: integer("category_id").references(() => forumCategories.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  title: text().notNull(),
  content: text().notNull(),
  /** JSON array of strings, or null when none were entered. */
  tags: text(),
  isSticky: integer("is_sticky", { mode: "boolean" }).notNull().default(false),
  upvotes: integer().notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  ...moderatedColumns(),
}, (t) => [
  // Sticky threads list first, then the chosen sort (spec part 2 §2): one index per sort, with
  // and without a category, so every list is read in index order and stops at its LIMIT.
  // "Oldest" needs is_sticky descending next to created_at ascending, so it has its own. Each
  // ends with the key's id and the columns the list's WHERE reads (status, user_id), so a keyset
  // seek is one range and an OFFSET skips rows in the index alone (migration 0034, decision 047).
  index("threads_sticky_created").on(t.isSticky, t.createdAt, t.id, t.status, t.userId),
  index("threads_sticky_oldest").on(sql`${t.isSticky} desc`, t.createdAt, t.id, t.status, t.userId),
  index("threads_sticky_upvotes").on(t.isSticky, t.upvotes, t.createdAt, t.id, t.status, t.userId),
  index("threads_sticky_comments").on(t.isSticky, t.commentCount, t.createdAt, t.id, t.status, t.userId),
  index("threads_category_created").on(t.categoryId, t.isSticky, t.createdAt, t.id, t.status, t.userId),
  index("threads_category_oldest").on(t.categoryId, sql`${t.isSticky} desc`, t.createdAt, t.id, t.status, t.userId),
  index("threads_category_upvotes").on(t.categoryId, t.isSticky, t.upvotes, t.createdAt, t.id, t.status, t.userId),
  index("threads_category_comments").on(t.categoryId, t.isSticky, t.commentCount, t.createdAt, t.id, t.status, t.userId),
  // A member's threads on the admin member page (migration 0020; it replaced threads_user).
  index("threads_user_created").on(t.userId, t.createdAt),
  index("threads_unshown").on(t.status, t.createdAt).where(sql`status <> 'shown'`),
]);

export const threadUpvotes = sqliteTable("thread_upvotes", {
  threadId: integer("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [primaryKey({ columns: [t.threadId, t.userId] })]);

export const threadComments = sqliteTable("thread_comments", {
  id: integer().primaryKey({ autoIncrement: true }),
  threadId: integer("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  content: text().notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  ...moderatedColumns(),
}, (t) => [
  index("thread_comments_thread_created").on(t.threadId, t.createdAt, t.id, t.status, t.userId),
  index("thread_comments_unshown").on(t.status, t.createdAt).where(sql`status <> 'shown'`),
  index("thread_comments_user_created").on(t.userId, t.createdAt),
]);

export const messages = sqliteTable("messages", {
  id: integer().primaryKey({ autoIncrement: true }),
  senderId: integer("sender_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  receiverId: integer("receiver_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  content: text().notNull(),
  readAt: integer("read_at"),
  /** A conversation deleted by one side stays visible to the other. */
  deletedBySender: integer("deleted_by_sender", { mode: "boolean" }).notNull().default(false),
  deletedByReceiver: integer("deleted_by_receiver", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  index("messages_pair_created").on(t.senderId, t.receiverId, t.createdAt),
  index("messages_receiver_unread").on(t.receiverId, t.readAt),
]);
