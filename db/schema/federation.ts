import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

const now = () => Date.now();

/** Fedify's KvStore (lib/federation/kv.ts): `key` is the JSON of its key parts, `value` JSON, `expiresAt` ms. */
export const fedifyKv = sqliteTable("fedify_kv", {
  key: text().primaryKey(),
  value: text().notNull(),
  expiresAt: integer("expires_at"),
}, (t) => [index("fedify_kv_expires").on(t.expiresAt).where(sql`expires_at IS NOT NULL`)]);

export const ACTOR_KEY_ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/** An actor's key pairs as JWK, made once (decision 041). `userId` NULL: the instance actor. */
export const actorKeys = sqliteTable("actor_keys", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  algorithm: text({ enum: ACTOR_KEY_ALGORITHMS }).notNull(),
  privateJwk: text("private_jwk").notNull(),
  publicJwk: text("public_jwk").notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("actor_keys_owner_algorithm").on(sql`coalesce(${t.userId}, 0)`, t.algorithm)]);

/** An account on another server we have heard from. `handle` is `name@host`; `bannedAt` set: its activities are ignored. */
export const remoteActors = sqliteTable("remote_actors", {
  id: integer().primaryKey({ autoIncrement: true }),
  uri: text().notNull(),
  handle: text().notNull(),
  domain: text().notNull(),
  name: text(),
  url: text(),
  inbox: text().notNull(),
  sharedInbox: text("shared_inbox"),
  bannedAt: integer("banned_at"),
  fetchedAt: integer("fetched_at").notNull().$defaultFn(now),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [uniqueIndex("remote_actors_uri").on(t.uri), index("remote_actors_domain").on(t.domain)]);

/** A remote account following a member; WITHOUT ROWID in the migration. `activityId` is the Follow's id. */
export const remoteFollows = sqliteTable("remote_follows", {
  remoteActorId: integer("remote_actor_id").notNull().references(() => remoteActors.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  activityId: text("activity_id"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  primaryKey({ columns: [t.remoteActorId, t.userId] }),
  index("remote_follows_user_created").on(t.userId, t.createdAt, t.remoteActorId),
]);
