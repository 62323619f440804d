import { z } from "zod";
import type { Db } from "../../db/client.ts";
import {
  ftsQuery,
  RANKED_MATCHES,
  SEARCH_WINDOW,
  type SearchFilter,
  searchIds,
  searchTexts,
  type SearchType,
  searchWords,
} from "../../db/queries/search.ts";
import { type ContentItem, toContentItem } from "../media/content_item.ts";
import { categoryRefSchema, MAX_PAGE, resolveCategory } from "./feed.ts";
import { itemRowsByIds } from "./item_rows.ts";
import { rankWindow } from "./search_rank.ts";

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
 * The matches in their order: the newest RANKED_MATCHES ranked by where the words are, then the
 * older ones newest first. `need` ids are read (the page needs the capped count, the API only
 * its page); a muting viewer's muted items leave before the ranking, so pages stay full.
 */
async function orderedMatches(db: Db, f: SearchFilter, query: string, need: number, muted?: Set<number>) {
  const read = await searchIds(db, f, muted?.size ? SEARCH_WINDOW + 1 : need);
  const ids = muted?.size ? read.filter((id) => !muted.has(id)) : read;
  const { words, lastIsPrefix } = searchWords(query);
  const head = rankWindow(await searchTexts(db, ids.slice(0, RANKED_MATCHES)), words, lastIsPrefix);
  return { ids: head.concat(ids.slice(RANKED_MATCHES)), more: read.length > SEARCH_WINDOW };
}

/**
 * Runs a search; an empty query or one without any word finds nothing. The index filters by
 * the words, the type and the category and hands the newest matches over; the page's rows come
 * from the kept public rows. `withTotal` reads up to SEARCH_WINDOW + 1 matches to count them.
 */
export async function runSearchPage(db: Db, p: SearchParams, muted?: Set<number>, withTotal = true): Promise<SearchResult> {
  const ref = p.categoryId !== undefined ? { id: p.categoryId } : p.category;
  const category = await resolveCategory(db, ref);
  const query = collapseWhitespace(p.q ?? "");
  const match = ftsQuery(query);
  if (!match) return { items: [], total: 0, more: false, hasNext: false };
  const offset = ((p.page ?? 1) - 1) * SEARCH_PAGE_SIZE;
  const need = withTotal ? SEARCH_WINDOW + 1 : Math.min(SEARCH_WINDOW + 1, Math.max(RANKED_MATCHES, offset + SEARCH_PAGE_SIZE + 1));
  const filter = { match, type: p.type ?? null, categoryId: category?.id ?? null };
  const { ids, more } = await orderedMatches(db, filter, query, need, muted);
  const rows = await itemRowsByIds(db, ids.slice(offset, offset + SEARCH_PAGE_SIZE), "item");
  return {
    items: rows.map(toContentItem),
    total: Math.min(ids.length, SEARCH_WINDOW),
    more,
    hasNext: offset + SEARCH_PAGE_SIZE < ids.length,
  };
}

/** The API's page: the same order as the page's, without counting every match. */
export async function runSearch(db: Db, p: SearchParams, muted?: Set<number>): Promise<ContentItem[]> {
  return (await runSearchPage(db, p, muted, false)).items;
}
