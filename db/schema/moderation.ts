import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";
import { comments, REPORT_REASONS } from "./media.ts";
import { threadComments, threads } from "./community.ts";

const now = () => Date.now();

/**
 * Reports of comments and forum posts (issue 34): exactly one of the three target columns is set,
 * and the report goes with its target (ON DELETE CASCADE). One open report per reporter and
 * target, as for items (`reports`): "u:{userId}" for members, a keyed hash of the address for visitors.
 */
export const postReports = sqliteTable("post_reports", {
  id: integer().primaryKey({ autoIncrement: true }),
  commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
  threadId: integer("thread_id").references(() => threads.id, { onDelete: "cascade" }),
  threadCommentId: integer("thread_comment_id").references(() => threadComments.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  reporterKey: text("reporter_key").notNull(),
  reason: text({ enum: REPORT_REASONS }).notNull(),
  details: text(),
  status: text({ enum: ["open", "resolved"] }).notNull().default("open"),
  /** Whether it counted toward hiding when made (migration 0026, decision 039), as `reports.counts`. */
  counts: integer({ mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** A Flag's remote reporter (issue 40, migration 0029); reporter_key is then "r:{id}". */
  remoteActorId: integer("remote_actor_id"),
}, (t) => [
  check(
    "post_reports_one_target",
    sql`(${t.commentId} IS NOT NULL) + (${t.threadId} IS NOT NULL) + (${t.threadCommentId} IS NOT NULL) = 1`,
  ),
  index("post_reports_comment").on(t.commentId, t.status),
  index("post_reports_thread").on(t.threadId, t.status),
  index("post_reports_thread_comment").on(t.threadCommentId, t.status),
  uniqueIndex("post_reports_comment_open").on(t.commentId, t.reporterKey).where(sql`status = 'open'`),
  uniqueIndex("post_reports_thread_open").on(t.threadId, t.reporterKey).where(sql`status = 'open'`),
  uniqueIndex("post_reports_thread_comment_open").on(t.threadCommentId, t.reporterKey).where(sql`status = 'open'`),
  index("post_reports_status_created").on(t.status, t.createdAt),
  // The reports a member made, on the admin member page (migration 0020).
  index("post_reports_user_created").on(t.userId, t.createdAt),
]);

/** The admins' watched words and phrases, folded (common/watched_words.ts); at most WATCHED_LIMITS.entries. */
export const watchedWords = sqliteTable("watched_words", {
  id: integer().primaryKey({ autoIncrement: true }),
  pattern: text().notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("watched_words_pattern").on(t.pattern)]);
