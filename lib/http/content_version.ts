import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../app_env.ts";

/**
 * A counter per database that moves whenever what the public lists show changes in a way a
 * cache must not hide: moderation (approve, reject, hide by reports, dismiss, delete, feature)
 * and edits by owners or admins. It is part of the page cache's key (lib/render/micro_cache.ts),
 * and the ranked orders and categories the feed keeps (lib/feed/ranking.ts, feed.ts) are made
 * again when it moves, so the first request after such a change renders fresh. Likes, views and
 * comment counts do not move it: a count a moment old is fine.
 */
const versions = new WeakMap<Db, number>();

export const contentVersion = (db: Db): number => versions.get(db) ?? 0;

/**
 * Call after the change is committed: a request that read the old rows while the transaction
 * was open then caches them under the old version, which no later request asks for.
 */
export function contentChanged(db: Db) {
  versions.set(db, contentVersion(db) + 1);
}

/** Route middleware: a mutation that succeeded (2xx or 3xx) changed public content. */
export const changesContent: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400) contentChanged(c.var.db);
};
