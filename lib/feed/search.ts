import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ftsQuery, SEARCH_WINDOW, type SearchFilter, searchIds, type SearchType } from "../../db/queries/search.ts";
import { type ContentItem, toContentItem } from "../media/content_item.ts";
import { categoryRefSchema, MAX_PAGE, resolveCategory } from "./feed.ts";
import { itemRowsByIds } from "./item_rows.ts";

export const SEARCH_PAGE_SIZE = 48;
export const MAX_QUERY = 200;

/** Tab values of the search page; plural forms are accepted too. */
const TYPE_ALIASES: Record<string, SearchType | null> = {
  all: null,
  video: "video",
  videos: "video",
  image: "image",
  images: "image",
  embed: "embed",
  embeds: "embed",
};

export const searchParams = z.strictObject({
  q: z.string().max(MAX_QUERY, `q is too long (at most ${MAX_QUERY})`).optional(),
  type: z.string().refine((t) => t === "" || t in TYPE_ALIASES, "type must be one of: all, videos, images, embeds")
    .transform((t) => TYPE_ALIASES[t] ?? null).optional(),
  categoryId: z.string().regex(/^\d{1,9}$/, "categoryId must be a whole number").transform(Number).optional(),
  category: categoryRefSchema.optional(),
  page: z.string().regex(/^\d{1,9}$/, "page must be a whole number").transform(Number)
    .refine((n) => n >= 1 && n <= MAX_PAGE, `page must be between 1 and ${MAX_PAGE}`).optional(),
});

export type SearchParams = z.infer<typeof searchParams>;

/** Collapses runs of whitespace to one space and trims. */
export const collapseWhitespace = (q: string) => q.replace(/\s+/g, " ").trim();

/** A page of results and how many there are in all, capped: `more` when over SEARCH_WINDOW. */
export type SearchResult = { items: ContentItem[]; total: number; more: boolean; hasNext: boolean };

/**
 * Runs a search; an empty query or one without any word finds nothing. The index ranks and
 * filters (db/queries/search.ts); the page's rows come from the kept public rows.
 */
export async function runSearchPage(db: Db, p: SearchParams, muted?: Set<number>): Promise<SearchResult> {
  const ref = p.categoryId !== undefined ? { id: p.categoryId } : p.category;
  const category = await resolveCategory(db, ref);
  const match = ftsQuery(collapseWhitespace(p.q ?? ""));
  if (!match) return { items: [], total: 0, more: false, hasNext: false };
  const offset = ((p.page ?? 1) - 1) * SEARCH_PAGE_SIZE;
  if (muted?.size) return mutedSearchPage(db, { match, type: p.type ?? null, categoryId: category?.id ?? null }, offset, muted);
  const { ids, total } = await searchIds(db, {
    match,
    type: p.type ?? null,
    categoryId: category?.id ?? null,
    limit: SEARCH_PAGE_SIZE,
    offset,
  });
  const rows = await itemRowsByIds(db, ids, "item");
  return {
    items: rows.map(toContentItem),
    total: Math.min(total, SEARCH_WINDOW),
    more: total > SEARCH_WINDOW,
    hasNext: offset + ids.length < total,
  };
}

export async function runSearch(db: Db, p: SearchParams, muted?: Set<number>): Promise<ContentItem[]> {
  return (await runSearchPage(db, p, muted)).items;
}

/** A muting viewer's page (issue 25): the window's ids without the muted ones, then the page cut from them. */
async function mutedSearchPage(db: Db, f: SearchFilter, offset: number, muted: Set<number>): Promise<SearchResult> {
  const { ids: all, total } = await searchIds(db, { ...f, limit: SEARCH_WINDOW, offset: 0 });
  const ids = all.filter((id) => !muted.has(id));
  const page = ids.slice(offset, offset + SEARCH_PAGE_SIZE);
  const rows = await itemRowsByIds(db, page, "item");
  const kept = total - (all.length - ids.length);
  return {
    items: rows.map(toContentItem),
    total: Math.min(kept, SEARCH_WINDOW),
    more: total > SEARCH_WINDOW,
    hasNext: offset + page.length < ids.length,
  };
}
