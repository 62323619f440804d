/**
 * The feed's orders that no index answers: trending and the seeded shuffle rank every approved
 * item of a stream in memory (lib/feed/feed.ts pages the sorts an index does answer).
 */
import type { Db } from "../../db/client.ts";
import { type FeedOrder, listRankInputs, type RankInput, type Stream } from "../../db/queries/feed.ts";
import { contentVersion } from "../http/content_version.ts";

const DAY_MS = 86_400_000;

/**
 * Trending score: engagement divided by the square of (age in days + 1), so a like or a view
 * counts more the more recent the item is (a day-old item needs four times the engagement of a
 * new one). A like weighs as much as three views; +1 keeps items without engagement ordered by
 * age. Ties go to the higher id.
 */
export function trendingScore(r: RankInput, now: number): number {
  const age = Math.max(0, now - r.createdAt) / DAY_MS + 1;
  return (3 * r.likes + r.views + 1) / (age * age);
}

/** Four 32-bit keys from a seed string (FNV-1a, then an xorshift stream). */
function seedKeys(seed: string): [number, number, number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  const next = () => {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    return h >>> 0;
  };
  return [next() | 1, next(), next(), next() | 1];
}

/**
 * The shuffle: items ordered by a seeded bijective mix of their id (odd multiply, add, xor,
 * odd multiply, xorshift, all modulo 2^32). Distinct ids get distinct keys, so the order is a
 * total, deterministic permutation for the seed, and it does not depend on which other items
 * exist: a page never moves because another item was added elsewhere in the list.
 */
export function shuffleOrder(ids: number[], seed: string): number[] {
  const key = shuffleKey(seed);
  return ids.map((id) => [key(id), id] as const).sort((p, q) => p[0] - q[0]).map((p) => p[1]);
}

function shuffleKey(seed: string): (id: number) => number {
  const [a, b, k, c] = seedKeys(seed);
  return (id: number) => {
    let x = (Math.imul(id, a) + b) >>> 0;
    x = Math.imul(x ^ k, c) >>> 0;
    return (x ^ (x >>> 15)) >>> 0;
  };
}

/**
 * The first `count` ids of shuffleOrder(ids, seed) in one pass, without sorting them all: the
 * home page's 30% of fresh shuffles each bring a new seed and show only its first page.
 */
export function shuffleHead(ids: number[], seed: string, count: number): number[] {
  const key = shuffleKey(seed);
  const keys: number[] = [];
  const head: number[] = [];
  for (const id of ids) {
    const k = key(id);
    if (keys.length === count && k >= keys[count - 1]) continue;
    let at = keys.length === count ? count - 1 : keys.length;
    while (at > 0 && keys[at - 1] > k) {
      keys[at] = keys[at - 1];
      head[at] = head[at - 1];
      at--;
    }
    keys[at] = k;
    head[at] = id;
  }
  return head;
}

/**
 * Trending and the shuffle rank every approved item of a stream, which no index can do, so
 * the ranked id lists are kept in memory per database for RANK_TTL_MS: one scan serves
 * thousands of page requests, and they are made again as soon as the content version moves
 * (approval, moderation, edits): an item removed otherwise is filtered out when its page is read.
 */
export const RANK_TTL_MS = 10_000;
type Ranked = { at: number; version: number; inputs: RankInput[]; trending?: number[]; shuffles: Map<string, number[]> };
const rankCache = new WeakMap<Db, Map<string, Ranked>>();
const MAX_SHUFFLES = 256;

/** Page `offset`, `limit` of `ids` as if `excludeId` were not in it. */
function pageWithout(ids: number[], offset: number, limit: number, excludeId: number | null): number[] {
  const at = excludeId === null ? -1 : ids.indexOf(excludeId);
  const start = at >= 0 && at < offset ? offset + 1 : offset;
  return ids.slice(start, start + limit + 1).filter((id) => id !== excludeId).slice(0, limit);
}

/** One page (`offset`, `limit`) of a ranked order, trending or the shuffle of a seed, without `excludeId`. */
export async function rankedPage(
  db: Db,
  stream: Stream,
  categoryId: number | null,
  order: FeedOrder,
  now: number,
  offset: number,
  limit: number,
  excludeId: number | null,
): Promise<number[]> {
  let perDb = rankCache.get(db);
  if (!perDb) rankCache.set(db, perDb = new Map());
  const key = `${stream}:${categoryId ?? ""}`;
  let entry = perDb.get(key);
  const version = contentVersion(db);
  if (!entry || now - entry.at > RANK_TTL_MS || entry.version !== version) {
    entry = { at: now, version, inputs: await listRankInputs(db, stream, categoryId), shuffles: new Map() };
    perDb.set(key, entry);
  }
  if ("seed" in order) {
    let ids = entry.shuffles.get(order.seed);
    if (!ids) {
      // A seed's first page is all most visitors see; the whole order is made when a later page is asked for.
      if (offset === 0) return pageWithout(shuffleHead(entry.inputs.map((r) => r.id), order.seed, limit + 1), 0, limit, excludeId);
      ids = shuffleOrder(entry.inputs.map((r) => r.id), order.seed);
      if (entry.shuffles.size >= MAX_SHUFFLES) entry.shuffles.delete(entry.shuffles.keys().next().value!);
      entry.shuffles.set(order.seed, ids);
    }
    return pageWithout(ids, offset, limit, excludeId);
  }
  entry.trending ??= entry.inputs.map((r) => [trendingScore(r, entry.at), r.id] as const)
    .sort((p, q) => q[0] - p[0] || q[1] - p[1]).map((p) => p[1]);
  return pageWithout(entry.trending, offset, limit, excludeId);
}
