import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { rateLimits } from "../schema/mod.ts";
import { hasUnsyncedWrites } from "../sqlite_client.ts";

type Counted = { count: number; resetAt: number };
const statements = new WeakMap<Db, { bump: string; upsert: string }>();

/**
 * Counts one hit on `key` and answers the count so far in its window: one UPSERT, so two
 * processes counting the same key at once both land in it (SQLite serialises the writes).
 * A window that ended starts again at 1. On a local file it commits without fsync (a count
 * lost to a power cut only lets someone try again sooner); the SQL is built once per database.
 * Within a window it first bumps the count alone: the UPSERT sets `reset_at` too, and SQLite
 * rewrites the `rate_limits_reset` index page for it even when the value stays, a 4 KiB WAL page
 * per rate-limited request that Litestream copies (decision 050).
 */
export async function countRateHit(db: Db, key: string, now: number, windowMs: number): Promise<Counted> {
  let stmt = statements.get(db);
  if (!stmt) {
    const fresh = sql`${rateLimits.resetAt} <= ?2`;
    const bump = db.update(rateLimits)
      .set({ count: sql`${rateLimits.count} + 1` })
      .where(and(eq(rateLimits.key, sql`?1`), gt(rateLimits.resetAt, sql`?2`)))
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .toSQL();
    const upsert = db.insert(rateLimits)
      .values({ key: sql`?1`, count: sql`1`, resetAt: sql`?3` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${fresh} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${fresh} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .toSQL();
    stmt = { bump: bump.sql, upsert: upsert.sql };
    statements.set(db, stmt);
  }
  const client = db.client;
  const run = async (sql: string, args: (string | number)[]) =>
    hasUnsyncedWrites(client)
      ? await client.writeUnsynced(sql, args)
      : (await client.execute({ sql, args })).rows as unknown as unknown[][];
  // A new key or an ended window (then another process may have counted meanwhile: the UPSERT settles it).
  let [row] = await run(stmt.bump, [key, now]);
  if (!row) [row] = await run(stmt.upsert, [key, now, now + windowMs]);
  return { count: Number(row[0]), resetAt: Number(row[1]) };
}

/** Counters whose window has ended say nothing any more. */
export async function deleteEndedRateLimits(db: Db, now: number): Promise<number> {
  const { rowsAffected } = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
  return rowsAffected;
}
