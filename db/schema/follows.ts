import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

const now = () => Date.now();

/**
 * Who follows whom (issue 32). WITHOUT ROWID in the migration (drizzle cannot say it). Counts live
 * on users (follower_count, following_count), moved in the same transaction as the row.
 */
export const follows = sqliteTable("follows", {
  followerId: integer("follower_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  followeeId: integer("followee_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  primaryKey({ columns: [t.followerId, t.followeeId] }),
  index("follows_follower_created").on(t.followerId, t.createdAt, t.followeeId),
  index("follows_followee_created").on(t.followeeId, t.createdAt, t.followerId),
]);

/**
 * The secret address of a member's Following feed (`/feeds/following/{token}.xml`). Kept as is, not
 * hashed: /profile shows it, and it opens nothing the follows table would not tell (decision 029).
 */
export const followingFeedTokens = sqliteTable("following_feed_tokens", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  token: text().notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("following_feed_tokens_token").on(t.token)]);
