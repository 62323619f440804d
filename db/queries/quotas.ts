/**
 * Upload quotas (issue 41 point 3, decision 044): what a member stored and what is still arriving.
 * Stored: their uploads attached to an item, and unattached ones younger than the sweep's age (a
 * file waiting for its item; the row of a deleted item's file goes with the sweep). Arriving: their
 * live rows of `upload_reservations`. Each reservation is one conditional statement that reads the
 * sums and writes in the same step, so uploads at once, in any worker, cannot together pass a quota.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import type { Role } from "../../common/roles.ts";
import { uploadReservations, users } from "../schema/mod.ts";

export const DAY_MS = 86_400_000;

/** Bytes, -1 for unlimited. */
export type QuotaLimits = { limit: number; dailyLimit: number };
export type QuotaClock = { now: number; unattachedMs: number; staleMs: number };

const storedSum = (userId: number, t: QuotaClock) =>
  sql`(select coalesce(sum(size), 0) from uploads where user_id = ${userId}
    and (media_id is not null or created_at > ${t.now - t.unattachedMs}))`;
const dailySum = (userId: number, t: QuotaClock) =>
  sql`(select coalesce(sum(size), 0) from uploads where user_id = ${userId} and created_at > ${t.now - DAY_MS})`;
const arrivingSum = (userId: number, t: QuotaClock) =>
  sql`(select coalesce(sum(bytes), 0) from upload_reservations where user_id = ${userId} and updated_at > ${t.now - t.staleMs})`;

/** Whether `delta` more bytes keep the member within both quotas. */
const fits = (userId: number, delta: number, q: QuotaLimits, t: QuotaClock) =>
  sql`(${q.limit} = -1 or ${storedSum(userId, t)} + ${arrivingSum(userId, t)} + ${delta} <= ${q.limit})
    and (${q.dailyLimit} = -1 or ${dailySum(userId, t)} + ${arrivingSum(userId, t)} + ${delta} <= ${q.dailyLimit})`;

export async function quotaUsage(db: Db, userId: number, t: QuotaClock): Promise<{ used: number; dailyUsed: number }> {
  const row = await db.get<{ used: number; dailyUsed: number; arriving: number }>(
    sql`select ${storedSum(userId, t)} as used, ${dailySum(userId, t)} as dailyUsed, ${arrivingSum(userId, t)} as arriving`,
  );
  return { used: Number(row.used) + Number(row.arriving), dailyUsed: Number(row.dailyUsed) + Number(row.arriving) };
}

/** A new reservation of `bytes`, or null when they would pass a quota. */
export async function openReservation(db: Db, userId: number, bytes: number, q: QuotaLimits, t: QuotaClock): Promise<number | null> {
  const rows = await db.all<{ id: number }>(sql`insert into upload_reservations (user_id, bytes, updated_at)
    select ${userId}, ${bytes}, ${t.now} where ${fits(userId, bytes, q, t)} returning id`);
  return rows[0]?.id ?? null;
}

/** The reservation grown by `delta`, or false when that would pass a quota (it keeps its size then). */
export async function growReservation(db: Db, id: number, userId: number, delta: number, q: QuotaLimits, t: QuotaClock): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`update upload_reservations set bytes = bytes + ${delta}, updated_at = ${t.now}
    where id = ${id} and ${fits(userId, delta, q, t)} returning id`);
  return rows.length > 0;
}

export async function closeReservation(db: Db, id: number) {
  await db.delete(uploadReservations).where(eq(uploadReservations.id, id));
}

/** Rows a crashed process left: the start-up and the unattached sweep remove them. */
export async function deleteStaleReservations(db: Db, before: number) {
  await db.run(sql`delete from upload_reservations where updated_at <= ${before}`);
}

/** A member's own quotas (null: the site's default) and role. */
export function findQuotaOverrides(db: Db, userId: number) {
  return db.select({ role: users.role, upload: users.uploadQuotaBytes, daily: users.dailyUploadQuotaBytes })
    .from(users).where(eq(users.id, userId)).get();
}

export async function setQuotaOverrides(
  db: Db | Tx,
  userId: number,
  set: { uploadQuotaBytes?: number | null; dailyUploadQuotaBytes?: number | null },
) {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** The role; `is_admin` follows (migration 0031's triggers). */
export async function setMemberRole(db: Db | Tx, userId: number, role: Role) {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}
