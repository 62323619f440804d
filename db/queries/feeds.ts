/**
 * The subscription feeds' lists (routes/feeds.ts): the newest public items of the site, a
 * category, a member or a tag, with the time each last changed (for the feed's Last-Modified).
 * Public only, ever: the one visibility rule of every public list (publicWhere).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { categories, media, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow, publicWhere } from "./media.ts";

export type FeedRow = ItemRow & { updatedAt: number };

export type FeedScope = { all: true } | { categoryId: number } | { userId: number } | { tagWords: string[] };

/** The builder, so tests can EXPLAIN it (tests/query_plan_test.ts). */
export function feedItemsQuery(db: Db, scope: FeedScope, limit: number) {
  const base = db.select({ ...itemColumns, updatedAt: media.updatedAt }).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId));
  const order = [desc(media.createdAt), desc(media.id)];
  if ("tagWords" in scope) {
    // The full-text index's tags column: a phrase of the tag's words.
    const match = `tags : "${scope.tagWords.join(" ")}"`;
    return base.innerJoin(sql`media_fts`, sql`media_fts.rowid = ${media.id}`)
      .where(and(sql`media_fts MATCH ${match}`, publicWhere)).orderBy(...order).limit(limit);
  }
  const by = "categoryId" in scope
    ? eq(media.categoryId, scope.categoryId)
    : "userId" in scope
    ? eq(media.userId, scope.userId)
    : undefined;
  return base.where(and(publicWhere, by)).orderBy(...order).limit(limit);
}

export function listNewestPublic(db: Db, limit: number): Promise<FeedRow[]> {
  return feedItemsQuery(db, { all: true }, limit) as Promise<FeedRow[]>;
}

export function listNewestPublicInCategory(db: Db, categoryId: number, limit: number): Promise<FeedRow[]> {
  return feedItemsQuery(db, { categoryId }, limit) as Promise<FeedRow[]>;
}

export function listNewestPublicByUser(db: Db, userId: number, limit: number): Promise<FeedRow[]> {
  return feedItemsQuery(db, { userId }, limit) as Promise<FeedRow[]>;
}

/**
 * Items whose tags hold the tag's words as a phrase; the caller keeps those carrying exactly the
 * tag ("neon" also finds "neon city"), which is why it asks for more than it shows.
 */
export function listNewestPublicWithTagWords(db: Db, tag: string, limit: number): Promise<FeedRow[]> {
  const tagWords = tag.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return tagWords.length ? feedItemsQuery(db, { tagWords }, limit) as Promise<FeedRow[]> : Promise.resolve([]);
}

/**
 * Public items by id with the time each became public, in the order of `ids` (the Following feed, whose list
 * is cut in memory by lib/feed/following.ts); an id no longer public is left out.
 */
export async function listFeedRowsByIds(db: Db, ids: number[]): Promise<(FeedRow & { publishedAt: number | null })[]> {
  if (!ids.length) return [];
  const rows = await db.select({ ...itemColumns, updatedAt: media.updatedAt, publishedAt: media.publishedAt }).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(inArray(media.id, ids), publicWhere)).all();
  const at = new Map(ids.map((id, i) => [id, i]));
  return (rows as (FeedRow & { publishedAt: number | null })[]).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
}
