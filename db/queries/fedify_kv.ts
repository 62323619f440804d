/**
 * Fedify's key-value store on our database (lib/federation/kv.ts): one row per key, the key the JSON
 * of its parts. An expired row reads as absent and is dropped by the sweep (deleteExpiredKv).
 */
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { fedifyKv } from "../schema/mod.ts";

type Conn = Db | Tx;

const live = (now: number) => or(isNull(fedifyKv.expiresAt), gt(fedifyKv.expiresAt, now));

export async function getKv(db: Conn, key: string, now = Date.now()): Promise<string | undefined> {
  const row = await db.select({ value: fedifyKv.value }).from(fedifyKv).where(and(eq(fedifyKv.key, key), live(now))).get();
  return row?.value;
}

export async function setKv(db: Conn, key: string, value: string, expiresAt: number | null) {
  await db.insert(fedifyKv).values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: fedifyKv.key, set: { value, expiresAt } });
}

export async function deleteKv(db: Conn, key: string) {
  await db.delete(fedifyKv).where(eq(fedifyKv.key, key));
}

/**
 * Entries whose key starts with the JSON prefix (the prefix's closing bracket cut off), in key order after
 * `after`, at most `limit`.
 * LIKE's wildcards in the prefix are escaped.
 */
export function listKv(db: Conn, jsonPrefix: string, after: string, limit: number, now = Date.now()) {
  const pattern = jsonPrefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  return db.select({ key: fedifyKv.key, value: fedifyKv.value }).from(fedifyKv)
    .where(and(sql`${fedifyKv.key} LIKE ${pattern} ESCAPE '\\'`, gt(fedifyKv.key, after), live(now))).orderBy(fedifyKv.key).limit(limit)
    .all();
}

/** Drops entries past their time; returns how many went. */
export async function deleteExpiredKv(db: Conn, now = Date.now()): Promise<number> {
  const rows = await db.delete(fedifyKv).where(lte(fedifyKv.expiresAt, now)).returning({ key: fedifyKv.key });
  return rows.length;
}
