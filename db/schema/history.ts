import { index, integer, primaryKey, real, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { media } from "./media.ts";

/**
 * Watch history and resume positions (issue 43 point 5): one row per member and item, the last position
 * sent by the player. WITHOUT ROWID in the migration (drizzle cannot say it). Capped per member
 * (HISTORY_MAX, common/history_rules.ts): the oldest rows past it are trimmed when a new item is added.
 */
export const watchHistory = sqliteTable("watch_history", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  seconds: real().notNull(),
  watchedAt: integer("watched_at").notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.mediaId] }),
  index("watch_history_user_at").on(t.userId, t.watchedAt, t.mediaId),
  index("watch_history_media").on(t.mediaId),
]);
