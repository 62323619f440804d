import { and, asc, desc, eq, gt, inArray, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import { literalLimit, prepared } from "../prepared.ts";
import type { Db } from "../client.ts";
import { categories, media, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow, publicWhere } from "./media.ts";
import type { Sort } from "../../common/feed_rules.ts";

/** An explicit sort, or the default view shuffled by a seed. */
export type FeedOrder = { sort: Sort } | { seed: string };

/** The columns a card shows (components/ui/MediaCard.tsx): the home page reads only these. */
export const cardColumns = {
  id: media.id,
  title: media.title,
  contentType: media.contentType,
  fileKey: media.fileKey,
  thumbnailKey: media.thumbnailKey,
  poster2xKey: media.poster2xKey,
  previewKey: media.previewKey,
  previewSound: media.previewSound,
  sources: media.sources,
  youtubeId: media.youtubeId,
  duration: media.duration,
  tags: media.tags,
  aiGenerator: media.aiGenerator,
  likes: media.likes,
  userId: media.userId,
  uploaderName: users.username,
  categoryName: categories.name,
};
export type CardRow = Pick<ItemRow, keyof typeof cardColumns>;

/** Full items (the API's content item) or only what a card shows. */
export type Shape = "item" | "card";
const SHAPES = { item: itemColumns, card: cardColumns };
type RowOf<S extends Shape> = S extends "card" ? CardRow : ItemRow;

/** The feed's two streams: video and embed items, and image items. */
export type Stream = "videos" | "images";

/** The sorts an index answers directly; trending and the shuffle rank in lib/feed/order.ts, kept by lib/feed/rankings.ts. */
export type IndexedSort = Exclude<Sort, "trending">;

function orderBy(sort: IndexedSort): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(media.createdAt), desc(media.id)];
    case "oldest":
      return [asc(media.createdAt), asc(media.id)];
    case "most-viewed":
      return [desc(media.views), desc(media.id)];
    case "popular":
      return [desc(media.likes), desc(media.id)];
  }
}

const streamWhere = (stream: Stream) =>
  stream === "videos" ? inArray(media.contentType, ["video", "embed"]) : eq(media.contentType, "image");

type Param = number | Placeholder;

export type FeedPageQuery = {
  sort: IndexedSort;
  stream: Stream;
  categoryId: Param | null;
  limit: Param;
  offset: Param;
  /** The Featured Video, shown above the feed and so left out of it (0: none). */
  excludeId?: Param;
};

/** One page of one stream of approved items (the builder, so tests can EXPLAIN it). */
export function feedPageQuery(db: Db, q: FeedPageQuery, shape: Shape = "item") {
  return db.select(SHAPES[shape]).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(
      publicWhere,
      q.categoryId === null ? undefined : eq(media.categoryId, q.categoryId),
      streamWhere(q.stream),
      // Unary + keeps the planner on the sort index (the primary key would answer only this term).
      q.excludeId === undefined ? undefined : ne(sql`+${media.id}`, q.excludeId),
    ))
    .orderBy(...orderBy(q.sort))
    .limit(q.limit)
    .offset(q.offset);
}

export function listFeedPage<S extends Shape = "item">(
  db: Db,
  q: Omit<FeedPageQuery, "excludeId"> & { categoryId: number | null; limit: number; offset: number; excludeId: number | null },
  shape: S = "item" as S,
): Promise<RowOf<S>[]> {
  const byCategory = q.categoryId !== null;
  const query = prepared<RowOf<S>>(db, `feed:${shape}:${q.sort}:${q.stream}:${byCategory}:${q.limit}`, () =>
    feedPageQuery(db, {
      sort: q.sort,
      stream: q.stream,
      categoryId: byCategory ? sql.placeholder("categoryId") : null,
      limit: literalLimit(q.limit),
      offset: sql.placeholder("offset"),
      excludeId: sql.placeholder("excludeId"),
    }, shape));
  return query.all({ categoryId: q.categoryId, offset: q.offset, excludeId: q.excludeId ?? 0 });
}

/** What lib/feed/rankings.ts keeps of each public item, a chunk at a time in id order. */
export type RankRow = {
  id: number;
  contentType: string;
  categoryId: number | null;
  likes: number;
  views: number;
  createdAt: number;
  /** The uploader and when the item first became public: the Following tab is cut from them (issue 32). */
  userId: number;
  publishedAt: number | null;
};

/** Public items with ids above `after`, in id order: read from the covering index media_public_rank alone. */
export function rankChunkQuery(db: Db, after: Param, limit: number) {
  return db.select({
    id: media.id,
    contentType: media.contentType,
    categoryId: media.categoryId,
    likes: media.likes,
    views: media.views,
    createdAt: media.createdAt,
    userId: media.userId,
    publishedAt: media.publishedAt,
  }).from(media)
    .where(and(publicWhere, gt(media.id, after)))
    .orderBy(asc(media.id))
    .limit(literalLimit(limit));
}

export function listRankChunk(db: Db, after: number, limit: number): Promise<RankRow[]> {
  return prepared<RankRow>(db, `rankChunk:${limit}`, () => rankChunkQuery(db, sql.placeholder("after"), limit)).all({ after });
}

/** Approved items by id (one page of a ranked order), in no particular order. */
export function itemsByIdsQuery(db: Db, ids: Param[], shape: Shape = "item") {
  return db.select(SHAPES[shape]).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    // Unary + keeps the planner on the primary key rather than walking the status index.
    .where(and(inArray(media.id, ids), sql`+${media.reviewStatus} = 'approved'`, eq(media.hidden, false), eq(media.playable, true)));
}

export async function listItemsByIds<S extends Shape = "item">(db: Db, ids: number[], shape: S = "item" as S): Promise<RowOf<S>[]> {
  if (ids.length === 0) return [];
  // One prepared statement per list length (a page has a handful of lengths at most).
  const query = prepared<RowOf<S>>(
    db,
    `byIds:${shape}:${ids.length}`,
    () => itemsByIdsQuery(db, ids.map((_, i) => sql.placeholder(`id${i}`)), shape),
  );
  const rows = await query.all(Object.fromEntries(ids.map((id, i) => [`id${i}`, id])));
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
}

/** The most recently featured approved item (of a category, when given), for the Featured Video section. */
export function featuredQuery(db: Db, categoryId: Param | null = null, shape: Shape = "item") {
  return db.select(SHAPES[shape]).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(
      eq(media.featured, true),
      eq(media.reviewStatus, "approved"),
      // Unary + keeps the planner off media_public_rank, whose (status, hidden) prefix holds every public item.
      eq(sql`+${media.hidden}`, false),
      categoryId === null ? undefined : eq(sql`+${media.categoryId}`, categoryId),
    ))
    // Unary + keeps the planner on the small featured index instead of walking every approved item by date.
    .orderBy(sql`+${media.createdAt} DESC`, sql`+${media.id} DESC`)
    .limit(literalLimit(1));
}

export async function findFeatured<S extends Shape = "item">(
  db: Db,
  categoryId: number | null,
  shape: S = "item" as S,
): Promise<RowOf<S> | null> {
  const query = categoryId === null
    ? prepared<RowOf<S>>(db, `featured:${shape}`, () => featuredQuery(db, null, shape))
    : prepared<RowOf<S>>(db, `featured:category:${shape}`, () => featuredQuery(db, sql.placeholder("categoryId"), shape));
  return (await query.get({ categoryId })) ?? null;
}

export type Category = { id: number; name: string; slug: string };

const categoryColumns = { id: categories.id, name: categories.name, slug: categories.slug };

export function listCategories(db: Db): Promise<Category[]> {
  return prepared<Category>(
    db,
    "categories",
    () => db.select(categoryColumns).from(categories).orderBy(asc(categories.position), asc(categories.id)),
  ).all();
}

/** A category by its numeric id or its slug. */
export async function findCategory(db: Db, ref: { id: number } | { slug: string }): Promise<Category | null> {
  const byId = "id" in ref;
  const query = prepared<Category>(db, `category:${byId ? "id" : "slug"}`, () =>
    db.select(categoryColumns).from(categories).where(
      byId ? eq(categories.id, sql.placeholder("ref")) : eq(categories.slug, sql.placeholder("ref")),
    ));
  return (await query.get({ ref: byId ? ref.id : ref.slug })) ?? null;
}

/** Approved items for the sitemap: id, title and when they last changed. */
export function listSitemapMedia(db: Db, limit: number) {
  return db.select({ id: media.id, title: media.title, updatedAt: media.updatedAt }).from(media)
    .where(publicWhere).orderBy(desc(media.createdAt), desc(media.id)).limit(limit);
}
