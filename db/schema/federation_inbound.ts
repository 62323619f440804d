import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";
import { media } from "./media.ts";

const now = () => Date.now();

/*
 * What remote actors do here and the answers to them (issue 40 points 4 and 5, migration 0029, decision 042). The
 * remote_actor_id columns reference remote_actors (migration 0028); the foreign keys are in the SQL.
 */

/** A remote Like: once per actor per item, counted in media.likes in the transaction that adds or removes it. */
export const remoteLikes = sqliteTable("remote_likes", {
  remoteActorId: integer("remote_actor_id").notNull(),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  apId: text("ap_id"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [primaryKey({ columns: [t.remoteActorId, t.mediaId] }), index("remote_likes_media").on(t.mediaId)]);

/** Servers the admins refuse: a hostname, covering its subdomains. */
export const federationBlocks = sqliteTable("federation_blocks", {
  id: integer().primaryKey({ autoIncrement: true }),
  domain: text().notNull(),
  reason: text().notNull().default(""),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("federation_blocks_domain").on(t.domain)]);

export const REMOTE_BLOCK_KINDS = ["block", "mute"] as const;

/** A member's block or mute of a remote actor. */
export const remoteActorBlocks = sqliteTable("remote_actor_blocks", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  remoteActorId: integer("remote_actor_id").notNull(),
  kind: text({ enum: REMOTE_BLOCK_KINDS }).notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  primaryKey({ columns: [t.userId, t.remoteActorId, t.kind] }),
  index("remote_actor_blocks_actor").on(t.remoteActorId, t.kind),
  check("remote_actor_blocks_kind", sql`${t.kind} IN ('block', 'mute')`),
]);
