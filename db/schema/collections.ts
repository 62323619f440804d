import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { media } from "./media.ts";
import { COLLECTION_VISIBILITIES } from "../../common/collection_rules.ts";

const now = () => Date.now();

/**
 * A member's named collection of items (issue 32, migration 0017, decision record 030). `id` is a
 * random 53-bit integer (the app's, or the Watch later trigger's), so an unlisted one's link is not
 * found by counting. Each member has one `watchLater` collection, made by a trigger on users.
 */
export const collections = sqliteTable("collections", {
  id: integer().primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  watchLater: integer("watch_later", { mode: "boolean" }).notNull().default(false),
  title: text().notNull(),
  description: text().notNull().default(""),
  visibility: text({ enum: COLLECTION_VISIBILITIES }).notNull().default("private"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  updatedAt: integer("updated_at").notNull().$defaultFn(now),
}, (t) => [
  index("collections_user").on(t.userId, t.watchLater, t.createdAt),
  uniqueIndex("collections_watch_later").on(t.userId).where(sql`${t.watchLater} = 1`),
]);

/**
 * The items of a collection in the owner's order, each with whether the public may see it (`shown`).
 * WITHOUT ROWID in the migration (drizzle cannot say it).
 */
export const collectionItems = sqliteTable("collection_items", {
  collectionId: integer("collection_id").notNull().references(() => collections.id, { onDelete: "cascade" }),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  position: integer().notNull(),
  /** Public (approved, not hidden, playable) and its uploader not banned: kept by the triggers of migration 0017. */
  shown: integer({ mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  primaryKey({ columns: [t.collectionId, t.mediaId] }),
  index("collection_items_position").on(t.collectionId, t.position),
  index("collection_items_shown").on(t.collectionId, t.shown, t.position),
  index("collection_items_media").on(t.mediaId, t.collectionId),
]);
