import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { FeedResponse } from "../../common/api_types.ts";
import { adPositionsFor, DEFAULT_SORT, pageSize, type Sort } from "../../common/feed_rules.ts";
import type { Db } from "../../db/client.ts";
import {
  type CardRow,
  type Category,
  type FeedOrder,
  findCategory,
  listCategories,
  listFeedPage,
  type Shape,
  type Stream,
} from "../../db/queries/feed.ts";
import type { ItemRow } from "../../db/queries/media.ts";
import type { CardItem } from "../../components/ui/MediaCard.tsx";
import type { AppEnv } from "../app_env.ts";
import { toCardItemFromRow, toContentItem } from "../media/content_item.ts";
import { notFound } from "../http_error.ts";
import { contentVersion } from "../http/content_version.ts";
import { featuredRow, itemRowsByIds } from "./item_rows.ts";
import { followingIds } from "./following.ts";
import { rankedIds } from "./rankings.ts";
import { tagIds } from "./tag_feed.ts";

/** Rows of a stream an indexed sort reads by OFFSET (page 10 at the widest grid); deeper pages are kept orders. */
export const DEEP_OFFSET = 120;

export const MAX_PAGE = 10_000;
export const SEED_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const seedSchema = z.string().regex(SEED_RE, "shuffleSeed must be 1-64 letters, digits, - or _");

/** `category` is a numeric id or a slug. */
export const categoryRefSchema = z.string().max(80, "category must be a category slug or id")
  .regex(/^(|\d{1,9}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, "category must be a category slug or id")
  .transform((v) => (v === "" ? undefined : /^\d+$/.test(v) ? { id: Number(v) } : { slug: v }));

export async function resolveCategory(db: Db, ref: { id: number } | { slug: string } | undefined): Promise<Category | null> {
  if (!ref) return null;
  const category = await findCategory(db, ref);
  if (!category) throw notFound("Category not found");
  return category;
}

export type FeedRequest = {
  page: number;
  order: FeedOrder;
  categoryId: number | null;
  columns: number;
  /** Items this viewer muted (lib/feed/mutes.ts): left out of the streams and the featured slot. */
  muted?: Set<number>;
  /** The Following tab of this member (issue 32): their followed uploaders' items, newest published first, no featured item. */
  followingOf?: number;
  /** A tag page or `tag=` (issue 43 point 1): the tag's public items (folded, lib/feed/tag_feed.ts), no featured item. */
  tag?: string;
};

/**
 * The categories, kept per database until the content version moves (lib/http/content_version.ts):
 * every home and search page lists them, and nothing but a migration changes them today.
 */
const categoryCache = new WeakMap<Db, { version: number; list: Promise<Category[]> }>();

export function cachedCategories(db: Db): Promise<Category[]> {
  const version = contentVersion(db);
  let kept = categoryCache.get(db);
  if (!kept || kept.version !== version) {
    kept = { version, list: listCategories(db) };
    kept.list.catch(() => categoryCache.delete(db));
    categoryCache.set(db, kept);
  }
  return kept.list;
}

/** One page of a stream, leaving out `excludeId` (the featured item) as if it were not in the list. */
async function streamPage<S extends Shape>(
  db: Db,
  stream: Stream,
  req: FeedRequest,
  limit: number,
  offset: number,
  now: number,
  excludeId: number | null,
  shape: S,
) {
  const { order, categoryId } = req;
  if (req.tag !== undefined) {
    return itemRowsByIds(db, await tagIds(db, req.tag, stream, order, categoryId, offset, limit, req.muted, now), shape, now);
  }
  if (req.followingOf) return itemRowsByIds(db, await followingIds(db, req.followingOf, stream, offset, limit, req.muted, now), shape, now);
  // The first pages of an indexed sort come from its index, exact and fresh to the last like;
  // deeper ones from the kept order (lib/feed/rankings.ts), where an OFFSET would walk every row before them.
  if (req.muted?.size) {
    const ids = await rankedIds(db, stream, categoryId, order, offset, limit, excludeId, now, req.muted);
    return itemRowsByIds(db, ids, shape, now);
  }
  if ("sort" in order && order.sort !== "trending" && offset < DEEP_OFFSET) {
    return listFeedPage(db, { sort: order.sort, stream, categoryId, limit, offset, excludeId }, shape);
  }
  const ids = await rankedIds(db, stream, categoryId, order, offset, limit, excludeId, now);
  return itemRowsByIds(db, ids, shape, now);
}

/**
 * One page of the feed: both streams paged independently with the page size of the column
 * count (one more row is read to know whether there is more), plus the featured item of the
 * category, which the streams leave out so it never shows twice (issue 13 point 12).
 */
async function feedRows<S extends Shape>(db: Db, req: FeedRequest, adsEnabled: boolean, shape: S) {
  const size = pageSize(req.columns);
  const now = Date.now();
  const kept = req.followingOf || req.tag !== undefined ? null : await featuredRow(db, req.categoryId, shape, now);
  const featured = kept && req.muted?.has(kept.id) ? null : kept;
  const excludeId = featured?.id ?? null;
  const [videos, images] = await Promise.all([
    streamPage(db, "videos", req, size.videos + 1, (req.page - 1) * size.videos, now, excludeId, shape),
    streamPage(db, "images", req, size.images + 1, (req.page - 1) * size.images, now, excludeId, shape),
  ]);
  const v = videos.slice(0, size.videos);
  const i = images.slice(0, size.images);
  return {
    featured,
    videos: v,
    images: i,
    hasMore: videos.length > size.videos || images.length > size.images,
    adPositions: adPositionsFor(v.length + i.length, req.columns, adsEnabled),
  };
}

/** The API's page of the feed, with full content items. */
export async function loadFeed(db: Db, req: FeedRequest, adsEnabled: boolean): Promise<FeedResponse> {
  const rows = await feedRows(db, req, adsEnabled, "item");
  return {
    featured: { video: rows.featured ? toContentItem(rows.featured) : null },
    content: {
      videos: rows.videos.map(toContentItem),
      images: rows.images.map(toContentItem),
      hasMore: rows.hasMore,
      adPositions: rows.adPositions,
    },
  };
}

/**
 * An item's JSON as the API answers it, made once per row object: lib/feed/item_rows.ts hands out
 * the same row until it is read again, so a kept row's JSON is kept with it.
 */
const itemJson = new WeakMap<ItemRow, string>();
function contentItemJson(row: ItemRow): string {
  let json = itemJson.get(row);
  if (json === undefined) itemJson.set(row, json = JSON.stringify(toContentItem(row)));
  return json;
}

/** `JSON.stringify(await loadFeed(...))`, with each item's JSON made once per kept row (the items were most of its time). */
export async function loadFeedJson(db: Db, req: FeedRequest, adsEnabled: boolean): Promise<string> {
  const rows = await feedRows(db, req, adsEnabled, "item");
  const list = (items: ItemRow[]) => `[${items.map(contentItemJson).join(",")}]`;
  const featured = rows.featured ? contentItemJson(rows.featured) : "null";
  return `{"featured":{"video":${featured}},"content":{"videos":${list(rows.videos)},"images":${list(rows.images)},` +
    `"hasMore":${rows.hasMore},"adPositions":${JSON.stringify(rows.adPositions)}}}`;
}

/** A kept row's card item, made once per row object like its JSON (frozen: pages share it). */
const cardItems = new WeakMap<CardRow, CardItem>();
export function cardItemOf(row: CardRow): CardItem {
  let item = cardItems.get(row);
  if (item === undefined) cardItems.set(row, item = Object.freeze(toCardItemFromRow(row)));
  return item;
}

/** The same page for the home page, read and shaped only as far as its cards need. */
export async function loadFeedCards(db: Db, req: FeedRequest, adsEnabled: boolean) {
  const rows = await feedRows(db, req, adsEnabled, "card");
  return {
    featured: rows.featured ? cardItemOf(rows.featured) : null,
    videos: rows.videos.map(cardItemOf),
    images: rows.images.map(cardItemOf),
    hasMore: rows.hasMore,
    adPositions: rows.adPositions,
  };
}

/**
 * A seed shuffles the default (trending) view only; an explicit other sort is exact and ignores
 * it. The spec's client sends sortBy=trending together with the seed.
 */
export const acceptsSeed = (sort: Sort | null | undefined) => !sort || sort === DEFAULT_SORT;

export const feedOrder = (sort: Sort | null | undefined, seed: string | null): FeedOrder =>
  seed ? { seed } : { sort: sort ?? DEFAULT_SORT };

/**
 * The visitor's shuffle seed is remembered in a cookie so that pages after the first, which
 * the spec's client sends without the seed, continue the same order.
 */
export const SEED_COOKIE = "dr_seed";

export function rememberSeed(c: Context<AppEnv>, seed: string | null) {
  if (seed) setCookie(c, SEED_COOKIE, seed, { path: "/", httpOnly: true, sameSite: "Lax", secure: c.var.config.secure });
  else if (getCookie(c, SEED_COOKIE)) deleteCookie(c, SEED_COOKIE, { path: "/" });
}

export function rememberedSeed(c: Context<AppEnv>): string | null {
  const seed = getCookie(c, SEED_COOKIE);
  return seed && SEED_RE.test(seed) ? seed : null;
}
