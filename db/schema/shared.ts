import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * State every server process must agree on (issue 23, decision 022): what one process keeps in
 * memory, a second process on the same database (or another host on a libSQL server) cannot see.
 */

/** Fixed-window rate-limit counters: one row per key (`login:ip:203.0.113.7`), reset when the window ends. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: integer("reset_at").notNull(),
}, (t) => [index("rate_limits_reset").on(t.resetAt)]);

/** Named counters shared by all processes; `content` is the content version (lib/http/content_version.ts). */
export const sharedCounters = sqliteTable("shared_counters", {
  name: text().primaryKey(),
  value: integer().notNull(),
});
