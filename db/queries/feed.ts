import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { categories, media, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";

export const SORTS = ["oldest", "newest", "most-viewed", "trending", "popular"] as const;
export type Sort = (typeof SORTS)[number];

/** An explicit sort, or the default view shuffled by a seed. */
export type FeedOrder = { sort: Sort } | { seed: string };

/** The feed's two streams: video and embed items, and image items. */
export type Stream = "videos" | "images";

const DAY_MS = 86_400_000;

const publicWhere = and(eq(media.reviewStatus, "approved"), eq(media.hidden, false));

/**
 * Trending score: engagement divided by the square of age in days plus one, so a like or a view
 * counts more the more recent the item is (a day-old item needs four times the engagement of a
 * new one). A like weighs as much as three views; +1 keeps items without engagement ordered by age.
 */
function trendingScore(now: number): SQL {
  const ageDays = sql`((${now} - ${media.createdAt}) / ${sql.raw(`${DAY_MS}.0`)} + 1.0)`;
  return sql`((3.0 * ${media.likes} + ${media.views} + 1.0) / (${ageDays} * ${ageDays}))`;
}

/** Four 31-bit keys from a seed string (FNV-1a, then an xorshift stream). */
export function seedKeys(seed: string): [number, number, number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  const next = () => {
    h ^= h << 13;
    h >>>= 0;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    return h & 0x7fffffff;
  };
  return [next() | 1, next(), next(), next() | 1];
}

/**
 * A seeded permutation key for an id: multiply by an odd number, add, xor, multiply by an odd
 * number, all modulo 2^31. Each step is a bijection on [0, 2^31), so distinct ids get distinct
 * keys and ordering by the key is a total, deterministic shuffle for that seed.
 */
function shuffleKey(seed: string): SQL {
  const [a, b, k, c] = seedKeys(seed);
  const m = 0x7fffffff;
  const x = sql`((${media.id} * ${a} + ${b}) & ${m})`;
  return sql`((((${x} | ${k}) - (${x} & ${k})) * ${c}) & ${m})`;
}

function orderBy(order: FeedOrder, now: number): SQL[] {
  if ("seed" in order) return [asc(shuffleKey(order.seed)), asc(media.id)];
  switch (order.sort) {
    case "newest":
      return [desc(media.createdAt), desc(media.id)];
    case "oldest":
      return [asc(media.createdAt), asc(media.id)];
    case "most-viewed":
      return [desc(media.views), desc(media.id)];
    case "popular":
      return [desc(media.likes), desc(media.id)];
    case "trending":
      return [desc(trendingScore(now)), desc(media.id)];
  }
}

export type FeedPageQuery = {
  order: FeedOrder;
  stream: Stream;
  categoryId: number | null;
  limit: number;
  offset: number;
  now: number;
};

/** One page of one stream of approved items (the builder, so tests can EXPLAIN it). */
export function feedPageQuery(db: Db, q: FeedPageQuery) {
  const types = q.stream === "videos" ? (["video", "embed"] as const) : (["image"] as const);
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(
      publicWhere,
      q.categoryId === null ? undefined : eq(media.categoryId, q.categoryId),
      types.length === 1 ? eq(media.contentType, types[0]) : inArray(media.contentType, [...types]),
    ))
    .orderBy(...orderBy(q.order, q.now))
    .limit(q.limit)
    .offset(q.offset);
}

export function listFeedPage(db: Db, q: FeedPageQuery): Promise<ItemRow[]> {
  return feedPageQuery(db, q) as Promise<ItemRow[]>;
}

/** The most recently featured approved item, for the Featured Video section. */
export function featuredQuery(db: Db) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(eq(media.featured, true), publicWhere))
    // Unary + keeps the planner on the small featured index instead of walking every approved item by date.
    .orderBy(sql`+${media.createdAt} DESC`, sql`+${media.id} DESC`)
    .limit(1);
}

export async function findFeatured(db: Db): Promise<ItemRow | null> {
  const [row] = await featuredQuery(db);
  return (row as ItemRow | undefined) ?? null;
}

export type Category = { id: number; name: string; slug: string };

export function listCategories(db: Db): Promise<Category[]> {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories)
    .orderBy(asc(categories.id));
}

/** A category by its numeric id or its slug. */
export async function findCategory(db: Db, ref: { id: number } | { slug: string }): Promise<Category | null> {
  const where = "id" in ref ? eq(categories.id, ref.id) : eq(categories.slug, ref.slug);
  const row = await db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(where).get();
  return row ?? null;
}

/** Approved items for the sitemap: id, title and when they last changed. */
export function listSitemapMedia(db: Db, limit: number) {
  return db.select({ id: media.id, title: media.title, updatedAt: media.updatedAt }).from(media)
    .where(publicWhere).orderBy(desc(media.createdAt), desc(media.id)).limit(limit);
}
