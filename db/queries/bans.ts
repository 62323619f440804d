/**
 * Bans (issue 34 point 4, decision 033): one row per ban; `users.banned` follows the open one by the
 * triggers of migration 0020, so these functions write only `bans`. Every end is one conditional
 * statement (`ended_at IS NULL`, and for a run-out ban `ends_at <= now`), so the sweep, a sign-in and
 * an admin acting at the same moment cannot end a ban twice or end the one that replaced it.
 */
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Tx } from "../client.ts";
import { bans, users } from "../schema/mod.ts";

type Conn = Db | Tx;

const openColumns = { id: bans.id, userId: bans.userId, reason: bans.reason, createdAt: bans.createdAt, endsAt: bans.endsAt };
export type OpenBan = { id: number; userId: number; reason: string | null; createdAt: number; endsAt: number | null };

/** The member's open ban, if any (a member banned by a direct flag, as old tests do, has none). */
export function findOpenBan(db: Conn, userId: number): Promise<OpenBan | undefined> {
  return db.select(openColumns).from(bans).where(and(eq(bans.userId, userId), isNull(bans.endedAt))).get();
}

/** Ends the member's open ban, if any; the ban ended. `users.banned` goes to 0 with it (trigger). */
export async function endOpenBan(
  tx: Tx,
  userId: number,
  at: number,
  by: number | null,
  why: "lifted" | "replaced",
): Promise<OpenBan | undefined> {
  const [ended] = await tx.update(bans).set({ endedAt: at, endedBy: by, endReason: why })
    .where(and(eq(bans.userId, userId), isNull(bans.endedAt))).returning(openColumns);
  return ended;
}

/** A new ban, after the open one (if any) is ended as replaced; `users.banned` goes to 1 (trigger). */
export async function insertBan(
  tx: Tx,
  ban: { userId: number; adminId: number; reason: string | null; endsAt: number | null; at: number },
): Promise<OpenBan> {
  await endOpenBan(tx, ban.userId, ban.at, ban.adminId, "replaced");
  const [row] = await tx.insert(bans).values({
    userId: ban.userId,
    adminId: ban.adminId,
    reason: ban.reason,
    endsAt: ban.endsAt,
    createdAt: ban.at,
  }).returning(openColumns);
  return row;
}

/** A member flagged banned without a ban row (set directly): the flag alone is cleared. */
export async function clearBannedFlag(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx.update(users).set({ banned: false }).where(and(eq(users.id, userId), eq(users.banned, true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Ends the open bans whose end has come (all, or one member's), at most `limit`: the bans ended.
 * Reads bans_expiring (partial: open bans with an end).
 */
export function endExpiredBans(tx: Tx, now: number, limit: number, userId?: number): Promise<OpenBan[]> {
  const due = tx.select({ id: bans.id }).from(bans)
    .where(and(
      isNull(bans.endedAt),
      sql`${bans.endsAt} IS NOT NULL`,
      lte(bans.endsAt, now),
      userId === undefined ? undefined : eq(bans.userId, userId),
    )).orderBy(bans.endsAt).limit(limit);
  return tx.update(bans).set({ endedAt: now, endReason: "expired" })
    .where(and(inArray(bans.id, due), isNull(bans.endedAt), lte(bans.endsAt, now)))
    .returning(openColumns);
}

const admin = alias(users, "ban_admin");
const ender = alias(users, "ban_ender");

/** A member's bans, newest first, with who banned and who lifted (the member page). */
export function listBansOf(db: Conn, userId: number, limit: number) {
  return db.select({
    id: bans.id,
    reason: bans.reason,
    createdAt: bans.createdAt,
    endsAt: bans.endsAt,
    endedAt: bans.endedAt,
    endReason: bans.endReason,
    adminId: bans.adminId,
    adminName: admin.username,
    endedById: bans.endedBy,
    endedByName: ender.username,
  }).from(bans)
    .leftJoin(admin, eq(admin.id, bans.adminId))
    .leftJoin(ender, eq(ender.id, bans.endedBy))
    .where(eq(bans.userId, userId)).orderBy(desc(bans.id)).limit(limit).all();
}

export type BanRow = Awaited<ReturnType<typeof listBansOf>>[number];
