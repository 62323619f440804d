/**
 * Tag pages and the feed's `tag=` (issue 43 point 1, decision 045): the public items with a tag, in the
 * feed's sorts. A tag's items are read through media_tags (newest MAX_TAG_ITEMS at most, so the cost is
 * bounded however popular a tag is), kept per tag until the content version moves or TAG_TTL_MS passes,
 * and ordered in memory like the kept orders of lib/feed/rankings.ts (trending's score, the seeded shuffle).
 */
import { foldTag } from "../../common/format.ts";
import type { Db } from "../../db/client.ts";
import type { FeedOrder, Stream } from "../../db/queries/feed.ts";
import { listTagRankRows, type TagRankRow } from "../../db/queries/tag_feed.ts";
import { contentVersion } from "../http/content_version.ts";
import { foldNewTags } from "./mutes.ts";
import { shuffleOrder, trendingScore } from "./order.ts";

/** The newest items of a tag that its page and feed reach (deeper ones are left out, not slow). */
export const MAX_TAG_ITEMS = 5_000;
const TAG_TTL_MS = 10_000;
/** Tags whose rows are kept per database (each up to MAX_TAG_ITEMS small rows); past it all are dropped. */
const MAX_KEPT_TAGS = 200;

/** A tag as its page and the API take it: without leading `#`, trimmed, folded like mutes (common/format.ts). */
export const tagKey = (raw: string) => foldTag(raw);

type Kept = { at: number; version: number; rows: Promise<TagRankRow[]>; orders: Map<string, number[]> };
const kept = new WeakMap<Db, Map<string, Kept>>();

function keptTag(db: Db, tag: string, now: number): Kept {
  let byTag = kept.get(db);
  if (!byTag) kept.set(db, byTag = new Map());
  const version = contentVersion(db);
  let k = byTag.get(tag);
  if (!k || k.version !== version || now - k.at > TAG_TTL_MS) {
    if (byTag.size >= MAX_KEPT_TAGS) byTag.clear();
    // A non-ASCII tag is found through tag_folds: the tags listed there since the last fold are folded first.
    const ascii = !/[^ -~]/.test(tag); // printable ASCII only (tags hold no control characters)
    const rows = (ascii ? Promise.resolve() : foldNewTags(db)).then(() => listTagRankRows(db, tag, MAX_TAG_ITEMS));
    rows.catch(() => byTag.delete(tag));
    byTag.set(tag, k = { at: now, version, rows, orders: new Map() });
  }
  return k;
}

const inStream = (stream: Stream) => (r: TagRankRow) =>
  stream === "videos" ? r.contentType === "video" || r.contentType === "embed" : r.contentType === "image";

function ordered(rows: TagRankRow[], order: FeedOrder, now: number): number[] {
  if ("seed" in order) return shuffleOrder(rows.map((r) => r.id), order.seed);
  const by = (key: (r: TagRankRow) => number) => [...rows].sort((a, b) => key(b) - key(a) || b.id - a.id).map((r) => r.id);
  switch (order.sort) {
    case "newest":
      return rows.map((r) => r.id); // read newest first
    case "oldest":
      return [...rows].reverse().map((r) => r.id);
    case "most-viewed":
      return by((r) => r.views);
    case "popular":
      return by((r) => r.likes);
    case "trending":
      return by((r) => trendingScore(r, now));
  }
}

/** The ids of one page (`offset`, `limit`) of a stream of the tag's public items in `order`, without muted ones. */
export async function tagIds(
  db: Db,
  tag: string,
  stream: Stream,
  order: FeedOrder,
  categoryId: number | null,
  offset: number,
  limit: number,
  muted?: Set<number>,
  now = Date.now(),
): Promise<number[]> {
  const k = keptTag(db, tag, now);
  const rows = await k.rows;
  const key = `${stream}:${categoryId ?? ""}:${"seed" in order ? `seed:${order.seed}` : order.sort}`;
  let ids = k.orders.get(key);
  if (!ids) {
    const scope = rows.filter((r) => inStream(stream)(r) && (categoryId === null || r.categoryId === categoryId));
    ids = ordered(scope, order, now);
    if (k.orders.size > 64) k.orders.clear();
    k.orders.set(key, ids);
  }
  const shown = muted?.size ? ids.filter((id) => !muted.has(id)) : ids;
  return shown.slice(offset, offset + limit);
}

/** How many public items carry the tag (at most MAX_TAG_ITEMS), whoever looks: the page's noindex rule. */
export async function tagItemCount(db: Db, tag: string, now = Date.now()): Promise<number> {
  return (await keptTag(db, tag, now).rows).length;
}
