import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { categories, media, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";

export const SEARCH_TYPES = ["video", "image", "embed"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The FTS5 query for what a visitor typed: each word becomes a quoted prefix term, all of them
 * required, so quotes, stars and operators in the input are never FTS syntax. Null when the
 * input holds no word at all.
 */
export function ftsQuery(input: string): string | null {
  const words = input.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 12) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/**
 * bm25 column weights in media_fts column order: title, description, prompt, tags,
 * ai_generator, uploader. A hit in the title counts most, then tags and uploader.
 */
const RANK = sql`bm25(media_fts, 10.0, 2.0, 3.0, 5.0, 3.0, 4.0)`;

export type SearchQuery = { match: string; type: SearchType | null; categoryId: number | null; limit: number; offset: number };

/** Approved items matching the query, best match first (ties: newest id first). */
export function searchQuery(db: Db, q: SearchQuery) {
  return db.select(itemColumns).from(sql`media_fts`)
    .innerJoin(media, sql`${media.id} = media_fts.rowid`)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(
      sql`media_fts MATCH ${q.match}`,
      eq(media.reviewStatus, "approved"),
      eq(media.hidden, false),
      eq(media.playable, true),
      q.type ? eq(media.contentType, q.type) : undefined,
      q.categoryId === null ? undefined : eq(media.categoryId, q.categoryId),
    ))
    .orderBy(asc(RANK), sql`${media.id} DESC`)
    .limit(q.limit)
    .offset(q.offset);
}

export function searchMedia(db: Db, q: SearchQuery): Promise<ItemRow[]> {
  return searchQuery(db, q) as unknown as Promise<ItemRow[]>;
}
