/**
 * Every public item's ranking inputs, kept in memory per database as typed arrays, and the
 * orders made from them: trending, the shuffles, and the deep pages of the indexed sorts (an
 * OFFSET walks every row before the page, a slice of a kept order does not). Decision 020.
 *
 * The snapshot is made again RANK_TTL_MS after it was made, or when the content version moves
 * (lib/http/content_version.ts), but no request waits for that: the new one is read in chunks in the
 * background, yielding to requests between chunks, and the old one answers until it is ready.
 * Only the first request (and, on a site of up to SYNC_REBUILD_ITEMS items, the first after a
 * content change, so moderation shows at once there) waits. An item removed
 * meanwhile is left out when its page's rows are read (lib/feed/item_rows.ts reads public rows only).
 */
import { type Sort, SORTS } from "../../common/feed_rules.ts";
import type { Db } from "../../db/client.ts";
import { listRankChunk, type Stream } from "../../db/queries/feed.ts";
import { runInBackground } from "../background.ts";
import { contentVersion } from "../http/content_version.ts";
import { shuffleHead, shuffleOrder, trendingScore } from "./order.ts";
import { runNow, runSliced, sortByKeyDesc } from "./slice_sort.ts";

export const RANK_TTL_MS = 10_000;
/** A site this small (a rebuild of about 15 ms on a quiet core) rebuilds inside the request that finds a
 * content change. Counted in items, not timed: a build timed under load made the same small site answer
 * from the old order now and then, so an item just approved was missing from the page after it. */
export const SYNC_REBUILD_ITEMS = 10_000;
/** Once reading the rows has taken this long, the orders are sorted in slices that yield to requests. */
const SLICE_AFTER_MS = 15;
const CHUNK = 1_000;
const MAX_SHUFFLES = 32;
const MAX_HEADS = 1024;

type Snapshot = {
  at: number;
  version: number;
  /** Time spent building, without the pauses between chunks. */
  buildMs: number;
  ids: Uint32Array;
  likes: Uint32Array;
  views: Uint32Array;
  created: Float64Array;
  video: Uint8Array;
  category: Uint32Array;
  /** Uploader and publication time (the creation time if none), for the Following tab (issue 32). */
  user: Uint32Array;
  published: Float64Array;
  /** Each stream by publication, newest first (made with the stream orders). */
  byPublication: Map<Stream, PublishedOrder>;
  /** Positions of a stream (and category), then orders of ids, made on first use. */
  subsets: Map<string, Uint32Array>;
  orders: Map<string, Uint32Array>;
};

/** The snapshot in use, and the one being made (with the content version it was asked for at). */
type State = { snap?: Snapshot; building?: { version: number; done: Promise<Snapshot> } };
const states = new WeakMap<Db, State>();

const pause = () => new Promise((r) => setTimeout(r, 0));

async function build(db: Db): Promise<Snapshot> {
  const version = contentVersion(db);
  const at = Date.now();
  let n = 0;
  let cap = CHUNK;
  let cols = { ids: new Uint32Array(cap), likes: new Uint32Array(cap), views: new Uint32Array(cap), created: new Float64Array(cap) };
  let flags = { video: new Uint8Array(cap), category: new Uint32Array(cap), user: new Uint32Array(cap), published: new Float64Array(cap) };
  let buildMs = 0;
  for (let after = 0;;) {
    const t = performance.now();
    const rows = await listRankChunk(db, after, CHUNK);
    if (n + rows.length > cap) {
      cap = Math.max(cap * 2, n + rows.length);
      const grow = <T extends Uint32Array | Float64Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(cap);
        b.set(a);
        return b;
      };
      cols = { ids: grow(cols.ids), likes: grow(cols.likes), views: grow(cols.views), created: grow(cols.created) };
      flags = { video: grow(flags.video), category: grow(flags.category), user: grow(flags.user), published: grow(flags.published) };
    }
    for (const r of rows) {
      cols.ids[n] = r.id;
      cols.likes[n] = r.likes;
      cols.views[n] = r.views;
      cols.created[n] = r.createdAt;
      flags.video[n] = r.contentType === "image" ? 0 : 1;
      flags.category[n] = r.categoryId ?? 0;
      flags.user[n] = r.userId;
      flags.published[n] = r.publishedAt ?? r.createdAt;
      n++;
    }
    buildMs += performance.now() - t;
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1].id;
    await pause();
  }
  const snap: Snapshot = {
    at,
    version,
    buildMs,
    ids: cols.ids.subarray(0, n),
    likes: cols.likes.subarray(0, n),
    views: cols.views.subarray(0, n),
    created: cols.created.subarray(0, n),
    video: flags.video.subarray(0, n),
    category: flags.category.subarray(0, n),
    user: flags.user.subarray(0, n),
    published: flags.published.subarray(0, n),
    byPublication: new Map(),
    subsets: new Map(),
    orders: new Map(),
  };
  // The orders of the whole streams are made here, not by the first request that asks for one.
  // On a large site each sort yields to requests between slices (lib/feed/slice_sort.ts).
  const timed = async () => {
    snap.buildMs += performance.now() - t;
    await pause();
    t = performance.now();
  };
  let t = performance.now();
  for (const stream of ["videos", "images"] as const) {
    for (const sort of SORTS) {
      const steps = orderSteps(snap, stream, null, sort);
      const ids = snap.buildMs >= SLICE_AFTER_MS ? await runSliced(steps, timed) : runNow(steps);
      snap.orders.set(orderKey(stream, null, sort), ids);
    }
    const pos = subset(snap, stream, null);
    const steps = sortByKeyDesc(pos, Float64Array.from(pos, (i) => snap.published[i]));
    const order = snap.buildMs >= SLICE_AFTER_MS ? await runSliced(steps, timed) : runNow(steps);
    snap.byPublication.set(stream, {
      ids: order.map((i) => snap.ids[i]),
      users: order.map((i) => snap.user[i]),
      published: Float64Array.from(order, (i) => snap.published[i]),
    });
  }
  snap.buildMs += performance.now() - t;
  return snap;
}

/** Starts a build after the one in progress (if any); the newest finished build is the one in use. */
function startBuild(db: Db, state: State): { version: number; done: Promise<Snapshot> } {
  const before = state.building?.done.catch(() => {}) ?? Promise.resolve();
  const entry = {
    version: contentVersion(db),
    done: before.then(() => build(db)).then((made) => {
      if (!state.snap || made.at >= state.snap.at) state.snap = made;
      return made;
    }).finally(() => {
      if (state.building === entry) state.building = undefined;
    }),
  };
  state.building = entry;
  // Shutdown waits for it before closing the database.
  runInBackground("ranking rebuild", () => entry.done.then(() => {}));
  return entry;
}

/** The kept snapshot, refreshed as the module comment says. */
async function snapshot(db: Db, now: number): Promise<Snapshot> {
  let state = states.get(db);
  if (!state) states.set(db, state = {});
  const snap = state.snap;
  const version = contentVersion(db);
  if (snap && snap.version === version && now - snap.at <= RANK_TTL_MS) return snap;
  // A build asked for before a content change may have read the rows before it: a new one follows it.
  const building = state.building?.version === version ? state.building : startBuild(db, state);
  if (!snap || (snap.version !== version && snap.ids.length <= SYNC_REBUILD_ITEMS)) return await building.done;
  return snap;
}

/** Starts the first snapshot of a database (at server start), so no visitor waits for it. */
export function warmRankings(db: Db): Promise<void> {
  return snapshot(db, Date.now()).then(() => {});
}

function subset(s: Snapshot, stream: Stream, categoryId: number | null): Uint32Array {
  const key = `${stream}:${categoryId ?? ""}`;
  let pos = s.subsets.get(key);
  if (!pos) {
    const want = stream === "videos" ? 1 : 0;
    const out = new Uint32Array(s.ids.length);
    let k = 0;
    for (let i = 0; i < s.ids.length; i++) {
      if (s.video[i] === want && (categoryId === null || s.category[i] === categoryId)) out[k++] = i;
    }
    s.subsets.set(key, pos = out.slice(0, k));
  }
  return pos;
}

/** A sort's order of positions, as steps (lib/feed/slice_sort.ts). */
function* sortedSteps(s: Snapshot, pos: Uint32Array, sort: Sort): Generator<void, Uint32Array> {
  if (sort === "oldest") return (yield* sortedSteps(s, pos, "newest")).reverse(); // created_at, then id, ascending
  const keys = new Float64Array(pos.length);
  for (let k = 0; k < pos.length; k++) {
    const i = pos[k];
    keys[k] = sort === "newest"
      ? s.created[i]
      : sort === "most-viewed"
      ? s.views[i]
      : sort === "popular"
      ? s.likes[i]
      : trendingScore({ likes: s.likes[i], views: s.views[i], createdAt: s.created[i] }, s.at);
  }
  const order = yield* sortByKeyDesc(Uint32Array.from(pos.keys()), keys);
  return order.map((k) => pos[k]);
}

/** Page `offset`, `limit` of an order as if `excludeId` were not in it. */
function pageWithout(ids: Uint32Array, offset: number, limit: number, excludeId: number | null, muted?: Set<number>): number[] {
  // A muting viewer's page is cut from the order without their muted items (issue 25), so pages stay full.
  if (muted?.size) return Array.from(ids.filter((id) => id !== excludeId && !muted.has(id)).subarray(offset, offset + limit));
  if (offset >= ids.length) return [];
  const before = excludeId !== null && ids.subarray(0, offset).indexOf(excludeId) >= 0;
  const start = before ? offset + 1 : offset;
  return Array.from(ids.subarray(start, start + limit + 1)).filter((id) => id !== excludeId).slice(0, limit);
}

const orderKey = (stream: Stream, categoryId: number | null, sort: Sort) => `${stream}:${categoryId ?? ""}:${sort}`;

/** The ids of a stream (and category) in a sort's order, made once per snapshot. */
function orderOf(s: Snapshot, stream: Stream, categoryId: number | null, sort: Sort): Uint32Array {
  const key = orderKey(stream, categoryId, sort);
  let ids = s.orders.get(key);
  if (!ids) s.orders.set(key, ids = runNow(orderSteps(s, stream, categoryId, sort)));
  return ids;
}

function* orderSteps(s: Snapshot, stream: Stream, categoryId: number | null, sort: Sort): Generator<void, Uint32Array> {
  return (yield* sortedSteps(s, subset(s, stream, categoryId), sort)).map((i) => s.ids[i]);
}

/** The ids of a stream (and category) in id order, kept: every shuffle starts from them. */
function streamIds(s: Snapshot, stream: Stream, categoryId: number | null, pos: Uint32Array): Uint32Array {
  const key = `${stream}:${categoryId ?? ""}:ids`;
  let ids = s.orders.get(key);
  if (!ids) s.orders.set(key, ids = pos.map((i) => s.ids[i]));
  return ids;
}

/** Whole shuffled orders are kept for MAX_SHUFFLES seeds and first pages for MAX_HEADS (oldest forgotten first). */
function forgetOldShuffles(s: Snapshot) {
  for (const [tag, max] of [[":head:", MAX_HEADS], [":seed:", MAX_SHUFFLES]] as const) {
    const keys = [...s.orders.keys()].filter((k) => k.includes(tag) && (tag === ":head:" || !k.includes(":head:")));
    for (let i = 0; i < keys.length - max; i++) s.orders.delete(keys[i]);
  }
}

export type RankOrder = { sort: Sort } | { seed: string };

/** A stream's public items by publication, newest first (ties: the higher id): ids, uploaders, times. */
export type PublishedOrder = { ids: Uint32Array; users: Uint32Array; published: Float64Array };

/**
 * The kept publication order of a stream (issue 32: the Following tab is cut from it, lib/feed/following.ts).
 * The same object until the snapshot is made again, so callers may keep what they cut from it with it.
 */
export async function publishedOrder(db: Db, stream: Stream, now = Date.now()): Promise<PublishedOrder> {
  return (await snapshot(db, now)).byPublication.get(stream)!;
}

/** The ids of one page (`offset`, `limit`) of a stream in an order, without `excludeId`. */
export async function rankedIds(
  db: Db,
  stream: Stream,
  categoryId: number | null,
  order: RankOrder,
  offset: number,
  limit: number,
  excludeId: number | null,
  now = Date.now(),
  muted?: Set<number>,
): Promise<number[]> {
  const s = await snapshot(db, now);
  const pos = subset(s, stream, categoryId);
  const key = `${stream}:${categoryId ?? ""}:${"seed" in order ? `seed:${order.seed}` : order.sort}`;
  let ids = s.orders.get(key);
  if (!ids) {
    if ("seed" in order) {
      const all = streamIds(s, stream, categoryId, pos);
      // A seed's first page is all most visitors see: its head is kept, the whole order made when a later page is asked for.
      if (offset === 0 && !muted?.size) {
        const headKey = `${key}:head:${limit + 1}`;
        let head = s.orders.get(headKey);
        if (!head) s.orders.set(headKey, head = Uint32Array.from(shuffleHead(all, order.seed, limit + 1)));
        forgetOldShuffles(s);
        return pageWithout(head, 0, limit, excludeId, muted);
      }
      ids = Uint32Array.from(shuffleOrder(all, order.seed));
      forgetOldShuffles(s);
    } else {
      return pageWithout(orderOf(s, stream, categoryId, order.sort), offset, limit, excludeId, muted);
    }
    s.orders.set(key, ids);
  }
  return pageWithout(ids, offset, limit, excludeId, muted);
}
