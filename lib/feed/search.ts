import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ftsQuery, searchMedia, type SearchType } from "../../db/queries/search.ts";
import { type ContentItem, toContentItem } from "../media/content_item.ts";
import { categoryRefSchema, MAX_PAGE, resolveCategory } from "./feed.ts";

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

/** Runs a search; an empty query or one without any word finds nothing. */
export async function runSearch(db: Db, p: SearchParams): Promise<ContentItem[]> {
  const ref = p.categoryId !== undefined ? { id: p.categoryId } : p.category;
  const category = await resolveCategory(db, ref);
  const match = ftsQuery(collapseWhitespace(p.q ?? ""));
  if (!match) return [];
  const rows = await searchMedia(db, {
    match,
    type: p.type ?? null,
    categoryId: category?.id ?? null,
    limit: SEARCH_PAGE_SIZE,
    offset: ((p.page ?? 1) - 1) * SEARCH_PAGE_SIZE,
  });
  return rows.map(toContentItem);
}
