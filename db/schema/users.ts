import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BAN_END_REASONS } from "../../common/ban_rules.ts";
import { ROLES } from "../../common/roles.ts";

const now = () => Date.now();

export const users = sqliteTable("users", {
  id: integer().primaryKey({ autoIncrement: true }),
  username: text().notNull(),
  email: text(),
  /** Whether this account proved it receives mail at `email` (link, reset, or a provider's verified address). */
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  passwordHash: text("password_hash"),
  dateOfBirth: text("date_of_birth"),
  /** Kept equal to `role = 'admin'` by the triggers of migration 0031 (decision 044): write either, read either. */
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  /** Who may do what (issue 41 point 4): member, moderator (moderation, not the site) or admin. */
  role: text({ enum: ROLES }).notNull().default("member"),
  /** Upload quotas in bytes (issue 41 point 3): null follows the site's default, -1 is unlimited. */
  uploadQuotaBytes: integer("upload_quota_bytes"),
  dailyUploadQuotaBytes: integer("daily_upload_quota_bytes"),
  banned: integer({ mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  lastSeenAt: integer("last_seen_at"),
  /** The member's own About line on their public profile: plain text, at most ABOUT_MAX characters (issue 27 point 14). */
  about: text().notNull().default(""),
  /** Members following this one, and members this one follows (issue 32): moved with each follow row. */
  followerCount: integer("follower_count").notNull().default(0),
  followingCount: integer("following_count").notNull().default(0),
  /** Moves with every change to whom this member follows: the kept Following window is read again (lib/feed/following.ts). */
  followsVersion: integer("follows_version").notNull().default(0),
  /** Issue 40 point 6: the member is followable from the fediverse (their actor answers); off: 404, nothing delivered. */
  federated: integer({ mode: "boolean" }).notNull().default(true),
  /** Remote accounts following this member (remote_follows rows), moved with each row; shown beside followerCount. */
  remoteFollowerCount: integer("remote_follower_count").notNull().default(0),
  /** Whether others may see this member's follower and following lists (issue 43 point 2; the owner always may). */
  showFollows: integer("show_follows", { mode: "boolean" }).notNull().default(true),
  /** Watch history paused (issue 43 point 5): progress is not recorded. */
  historyPaused: integer("history_paused", { mode: "boolean" }).notNull().default(false),
}, (t) => [
  uniqueIndex("users_username_nocase").on(sql`lower(${t.username})`),
  uniqueIndex("users_email_nocase").on(sql`lower(${t.email})`),
  index("users_last_seen").on(t.lastSeenAt),
  // The admin overview's members per day (migration 0009).
  index("users_created").on(t.createdAt),
  // The Log's choice of admins (migration 0020).
  index("users_admins").on(t.username).where(sql`is_admin = 1`),
]);

/** Only the SHA-256 of the session id is stored, so a leaked database opens no session. */
export const sessions = sqliteTable("sessions", {
  idHash: text("id_hash").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  expiresAt: integer("expires_at").notNull(),
}, (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)]);

export const passwordResetTokens = sqliteTable("password_reset_tokens", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("reset_tokens_user").on(t.userId)]);

/** Links mailed to prove an address: only the hash stored, bound to the address it was sent to. */
export const emailVerificationTokens = sqliteTable("email_verification_tokens", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  email: text().notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("verify_tokens_user").on(t.userId)]);

export const socialAccounts = sqliteTable("social_accounts", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  provider: text({ enum: ["google", "facebook", "apple"] }).notNull(),
  providerUserId: text("provider_user_id").notNull(),
  email: text(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [
  uniqueIndex("social_provider_user").on(t.provider, t.providerUserId),
  index("social_user").on(t.userId),
]);

export const blocks = sqliteTable("blocks", {
  blockerId: integer("blocker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  blockedId: integer("blocked_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked").on(t.blockedId)]);

export const auditLog = sqliteTable("audit_log", {
  id: integer().primaryKey({ autoIncrement: true }),
  actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
  action: text().notNull(),
  targetType: text("target_type").notNull(),
  targetId: integer("target_id"),
  details: text(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** The member the entry is about (the banned member, an item's uploader, a post's writer); a plain id that outlives the account. */
  subjectId: integer("subject_id"),
}, (t) => [
  index("audit_created").on(t.createdAt),
  // The audit view's two sides (migration 0015): admins' actions, and owners' edits by action.
  index("audit_moderation").on(t.id).where(sql`action <> 'content.owner_edit'`),
  index("audit_action").on(t.action, t.id),
  // The Log tab's filters by member and by admin (migration 0020).
  index("audit_subject").on(t.subjectId, t.id),
  index("audit_actor").on(t.actorId, t.id),
  index("audit_target").on(t.targetType, t.targetId),
]);

/**
 * Bans (issue 34 point 4, decision 033): one row per ban, kept after it ends. `users.banned` follows
 * the open one (`endedAt` null; at most one per member), kept by the triggers of migration 0020.
 */
export const bans = sqliteTable("bans", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
  /** Shown to the member when they try to sign in; null for bans from before reasons (or the spec's toggle). */
  reason: text(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** Null: until lifted. */
  endsAt: integer("ends_at"),
  endedAt: integer("ended_at"),
  endedBy: integer("ended_by").references(() => users.id, { onDelete: "set null" }),
  endReason: text("end_reason", { enum: BAN_END_REASONS }),
}, (t) => [
  uniqueIndex("bans_open").on(t.userId).where(sql`ended_at IS NULL`),
  index("bans_user").on(t.userId, t.id),
  index("bans_expiring").on(t.endsAt).where(sql`ended_at IS NULL AND ends_at IS NOT NULL`),
]);
