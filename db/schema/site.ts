import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * Issue 41 (decision 043): the site's settings, one row holding the whole set as JSON (lib/settings/),
 * the sign-ups waiting for approval and the invite codes.
 */
export const siteSettings = sqliteTable("site_settings", {
  id: integer().primaryKey(),
  data: text().notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** An account that exists but may not sign in until approved; rejection deletes the account. */
export const registrationRequests = sqliteTable("registration_requests", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  reason: text().notNull(),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("registration_requests_created").on(t.createdAt)]);

/** `maxUses`, `expiresAt` null: no limit. Revoking keeps the row. */
export const invites = sqliteTable("invites", {
  code: text().primaryKey(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at"),
  maxUses: integer("max_uses"),
  uses: integer().notNull().default(0),
  revokedAt: integer("revoked_at"),
}, (t) => [index("invites_created").on(t.createdAt)]);
