import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { adPositionsFor, interleave, pageSize } from "../components/feed_rules.ts";
import type { Db } from "../db/client.ts";
import { type Category, type FeedOrder, findCategory, findFeatured, listFeedPage, SORTS } from "../db/queries/feed.ts";
import type { AppEnv } from "./app_env.ts";
import { type ContentItem, toContentItem } from "./content_item.ts";
import { notFound } from "./http_error.ts";

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

export type FeedResponse = {
  featured: { video: ContentItem | null };
  content: { videos: ContentItem[]; images: ContentItem[]; hasMore: boolean; adPositions: number[] };
};

export type FeedRequest = { page: number; order: FeedOrder; categoryId: number | null; columns: number };

/**
 * One page of the feed: both streams paged independently with the page size of the column
 * count (one more row is read to know whether there is more), plus the featured item.
 */
export async function loadFeed(db: Db, req: FeedRequest, adsEnabled: boolean): Promise<FeedResponse> {
  const size = pageSize(req.columns);
  const now = Date.now();
  const base = { order: req.order, categoryId: req.categoryId, now };
  const [videos, images, featured] = await Promise.all([
    listFeedPage(db, { ...base, stream: "videos", limit: size.videos + 1, offset: (req.page - 1) * size.videos }),
    listFeedPage(db, { ...base, stream: "images", limit: size.images + 1, offset: (req.page - 1) * size.images }),
    findFeatured(db),
  ]);
  const hasMore = videos.length > size.videos || images.length > size.images;
  const v = videos.slice(0, size.videos).map(toContentItem);
  const i = images.slice(0, size.images).map(toContentItem);
  return {
    featured: { video: featured ? toContentItem(featured) : null },
    content: {
      videos: v,
      images: i,
      hasMore,
      adPositions: adPositionsFor(interleave(v, i).length, req.columns, adsEnabled),
    },
  };
}

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

export { SORTS };
