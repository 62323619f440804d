import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/client.ts";
import { bumpCounter, readCounter } from "../../db/queries/counters.ts";
import type { AppEnv } from "../app_env.ts";

/**
 * A counter per database that moves whenever what the public lists show changes in a way a
 * cache must not hide: moderation (approve, reject, hide by reports, dismiss, delete, feature)
 * and edits by owners or admins. It is part of the page cache's key (lib/render/micro_cache.ts),
 * and the ranked orders and categories the feed keeps (lib/feed/rankings.ts, feed.ts) are made
 * again when it moves, so the first request after such a change renders fresh. Likes, views and comment counts do not move
 * it: a count a moment old is fine.
 *
 * The truth is a row in the database (`shared_counters`, name `content`), so a change made by
 * any process, or any host on a libSQL server, is seen by all (decision 022). Each request reads
 * it once (`refreshContentVersion`, ~5 µs on a local file, measured: as cheap as asking SQLite's
 * `PRAGMA data_version` whether anything changed, and exact, where data_version moves on every
 * like and view); the code in between reads the value kept here.
 */
const COUNTER = "content";
const versions = new WeakMap<Db, number>();

export const contentVersion = (db: Db): number => versions.get(db) ?? 0;

/** Reads the shared version; the request's caches then key on it. */
export async function refreshContentVersion(db: Db) {
  const value = await readCounter(db, COUNTER);
  // A bump of this process that a slower read has not seen yet is never undone.
  if (value > contentVersion(db)) versions.set(db, value);
}

/**
 * Call after the change is committed: a request that read the old rows while the transaction
 * was open then caches them under the old version, which no later request asks for.
 */
export async function contentChanged(db: Db) {
  const value = await bumpCounter(db, COUNTER);
  if (value > contentVersion(db)) versions.set(db, value);
}

/** Route middleware: a mutation that succeeded (2xx or 3xx) changed public content. */
export const changesContent: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400) await contentChanged(c.var.db);
};
