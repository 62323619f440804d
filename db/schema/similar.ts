import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

const now = () => Date.now();

/**
 * Perceptual hashes of items (issue 25; lib/media/similar.ts): one row per image, a few per video
 * (one per sampled frame). No foreign key on purpose: when an admin deletes an item its hashes
 * stay, marked `removed`, so a re-upload of it is still caught; an owner's own deletion drops them.
 */
export const mediaHashes = sqliteTable("media_hashes", {
  id: integer().primaryKey({ autoIncrement: true }),
  mediaId: integer("media_id").notNull(),
  frame: integer().notNull().default(0),
  /** The algorithm and its version (lib/media/phash.ts PHASH_ALGO): hashes of two algorithms do not compare. */
  algo: text().notNull(),
  /** 64 bits as 16 hex digits. */
  hash: text().notNull(),
  /** Set when an admin deleted the item: the id stays as "removed item #N". */
  removedAt: integer("removed_at"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("media_hashes_media").on(t.mediaId)]);

/** Hashes an admin refused for good: an upload within the threshold of one is refused. */
export const hashBlocklist = sqliteTable("hash_blocklist", {
  id: integer().primaryKey({ autoIncrement: true }),
  algo: text().notNull(),
  hash: text().notNull(),
  mediaId: integer("media_id"),
  reason: text(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("hash_blocklist_hash").on(t.algo, t.hash)]);

export const MUTE_TYPES = ["tag", "user", "generator"] as const;

/**
 * A member's mutes (issue 25): a tag, a user (by id, as text) or an AI generator whose items leave
 * that member's feed, featured slot, search and related lists. Blocking (`blocks`) stays stronger.
 */
export const userMutes = sqliteTable("user_mutes", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text({ enum: MUTE_TYPES }).notNull(),
  /** Lower case for tags and generators; the muted user's id for users. */
  value: text().notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("user_mutes_once").on(t.userId, t.type, t.value)]);

/**
 * Each item's tags, one per row (issue 25, migration 0012): lower case, without a leading #, kept by
 * triggers on media from its comma-separated `tags`, so a tag mute finds its items by index. No
 * foreign key: the delete trigger drops the rows. WITHOUT ROWID in the migration (drizzle cannot say it).
 */
export const mediaTags = sqliteTable("media_tags", {
  tag: text().notNull(),
  mediaId: integer("media_id").notNull(),
}, (t) => [primaryKey({ columns: [t.tag, t.mediaId] }), index("media_tags_media").on(t.mediaId, t.tag)]);

/**
 * Tags of media_tags with a non-ASCII character, listed by a trigger (migration 0013), with their
 * fold by common/format.ts foldTag, filled by the app (SQLite's lower() folds ASCII only).
 * `folded` is null until lib/feed/mutes.ts fills it, before it matches mutes.
 */
export const tagFolds = sqliteTable("tag_folds", {
  tag: text().primaryKey(),
  folded: text(),
}, (t) => [index("tag_folds_folded").on(t.folded)]);
