/**
 * The Following tab (issue 32, decision 029): the newest public items of the members one follows, cut at read
 * time from the kept publication order of each stream (lib/feed/rankings.ts) by the set of followed uploaders.
 * Nothing is written per follower when someone uploads. What a member's pages have cut so far is kept with the
 * order it was cut from and the member's follows_version (read from the database on every request, so a follow
 * made in another process counts at once); further pages go on walking where the last one stopped, so page N
 * costs what page 1 does. Mutes are left out when a page is cut, as in the kept orders of the feed.
 */
import type { Db } from "../../db/client.ts";
import type { Stream } from "../../db/queries/feed.ts";
import { findFollowsVersion, listFolloweeIds } from "../../db/queries/follows.ts";
import { type PublishedOrder, publishedOrder } from "./rankings.ts";

/** Positions of `order` whose uploader is followed, found by walking it from the newest; `next` is where the walk stopped. */
type Cut = { order: PublishedOrder; found: number[]; next: number };
type Kept = { version: number; followed: Promise<Set<number>>; cuts: Partial<Record<Stream, Cut>> };

const kept = new WeakMap<Db, Map<number, Kept>>();
/** Members whose cuts are kept per process (each a few ids to a few thousand); past it all are dropped. */
const MAX_MEMBERS = 10_000;
/** A walk finds at least this many more than asked, so the next page usually needs none. */
const AHEAD = 64;

async function keptFor(db: Db, userId: number): Promise<Kept> {
  let byUser = kept.get(db);
  if (!byUser) kept.set(db, byUser = new Map());
  const version = await findFollowsVersion(db, userId);
  let k = byUser.get(userId);
  if (!k || k.version !== version) {
    if (byUser.size >= MAX_MEMBERS) byUser.clear();
    const followed = listFolloweeIds(db, userId).then((ids) => new Set(ids));
    followed.catch(() => byUser.delete(userId));
    byUser.set(userId, k = { version, followed, cuts: {} });
  }
  return k;
}

/** Walks on until `enough` says the cut holds what a page needs, or the order ends. */
function walk(cut: Cut, followed: Set<number>, enough: () => boolean) {
  const { users } = cut.order;
  while (!enough() && cut.next < users.length) {
    // In steps, so `enough` is asked now and then rather than per item.
    const end = Math.min(users.length, cut.next + 4_096);
    for (let i = cut.next; i < end; i++) if (followed.has(users[i])) cut.found.push(i);
    cut.next = end;
  }
}

async function cutOf(db: Db, userId: number, stream: Stream, now: number) {
  const k = await keptFor(db, userId);
  const [followed, order] = await Promise.all([k.followed, publishedOrder(db, stream, now)]);
  let cut = k.cuts[stream];
  if (!cut || cut.order !== order) k.cuts[stream] = cut = { order, found: [], next: 0 };
  return { cut, followed };
}

/** Positions in the kept order of one page (`offset`, `limit`) of a stream of the member's Following tab. */
async function pageOf(db: Db, userId: number, stream: Stream, offset: number, limit: number, muted: Set<number> | undefined, now: number) {
  const { cut, followed } = await cutOf(db, userId, stream, now);
  const { ids, users } = cut.order;
  if (!muted?.size) {
    walk(cut, followed, () => cut.found.length >= offset + limit + AHEAD);
    return { order: cut.order, positions: cut.found.slice(offset, offset + limit) };
  }
  // A muting member's page is cut from the list without their muted items (issue 25), so pages stay full.
  const shown = () => cut.found.filter((i) => !muted.has(ids[i]));
  let visible = shown();
  while (visible.length < offset + limit && cut.next < users.length) {
    const want = cut.found.length + (offset + limit - visible.length) + AHEAD;
    walk(cut, followed, () => cut.found.length >= want);
    visible = shown();
  }
  return { order: cut.order, positions: visible.slice(offset, offset + limit) };
}

/** The ids of one page (`offset`, `limit`) of a stream of the member's Following tab, newest published first. */
export async function followingIds(
  db: Db,
  userId: number,
  stream: Stream,
  offset: number,
  limit: number,
  muted?: Set<number>,
  now = Date.now(),
): Promise<number[]> {
  const { order, positions } = await pageOf(db, userId, stream, offset, limit, muted, now);
  return positions.map((i) => order.ids[i]);
}

/** The ids of the newest `count` items of both streams together, newest published first (the private feed's list). */
export async function followingNewest(db: Db, userId: number, count: number, muted?: Set<number>, now = Date.now()) {
  const both = await Promise.all((["videos", "images"] as const).map(async (stream) => {
    const { order, positions } = await pageOf(db, userId, stream, 0, count, muted, now);
    return positions.map((i) => ({ id: order.ids[i], published: order.published[i] }));
  }));
  return both.flat().sort((a, b) => b.published - a.published || b.id - a.id).slice(0, count).map((e) => e.id);
}
