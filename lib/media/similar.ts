/**
 * Look-alikes (issue 25): perceptual hashes stored per item (lib/media/phash.ts), the kept index
 * that finds items within SIMILAR_MAX_DISTANCE, and what an upload that matches means: a match
 * with a rejected or admin-deleted item holds it ("matches removed item #N", never approved
 * without a moderator), a match with the admin's blocklist refuses it. Exact duplicates keep
 * their 409 (routes/api/video_edits.ts) before any of this runs.
 */
import { type Db, type Tx, writeTx } from "../../db/client.ts";
import { findMediaForProcessing } from "../../db/queries/media_files.ts";
import {
  deleteHashesOf,
  hashesOf,
  insertBlocklist,
  insertHashes,
  listAllHashes,
  listBlocklist,
  lookAlikeRows,
  removedIds,
} from "../../db/queries/similar.ts";
import { HttpError } from "../http_error.ts";
import { hammingHex, MAX_STORED_HASHES, PHASH_ALGO } from "./phash.ts";
import { HashIndex } from "./similar_index.ts";

export const BLOCKED_UPLOAD = "This file matches content that was removed from the site and cannot be uploaded.";

type Kept = { index: HashIndex; loaded: number };
const kept = new WeakMap<object, Kept>();

/** The index of this database, topped up with rows added since it was last read (by any process). */
export async function hashIndex(db: Db): Promise<HashIndex> {
  let k = kept.get(db);
  if (!k) kept.set(db, k = { index: new HashIndex(), loaded: 0 });
  const rows = await listAllHashes(db, PHASH_ALGO, k.loaded);
  for (const r of rows) k.index.add(r.mediaId, r.hash);
  if (rows.length) k.loaded = rows[rows.length - 1].id;
  return k.index;
}

/**
 * Records an item's hashes (an image's distinct frames and its trimmed picture, a video's sampled
 * frames), at most MAX_STORED_HASHES: the first, most detailed ones; an upload is checked against
 * the blocklist and removed items with all of them before this.
 */
export async function storeHashes(db: Db | Tx, mediaId: number, hashes: string[]) {
  await insertHashes(db, mediaId, PHASH_ALGO, hashes.slice(0, MAX_STORED_HASHES));
}

/**
 * A job's hashes of an item, in place of its old ones, only while the item exists (it may have been
 * deleted while its frames were hashed: its hashes must not outlive it, issue 42 point 6). Whether it did.
 */
export function replaceHashesOfItem(db: Db, mediaId: number, hashes: string[]): Promise<boolean> {
  return writeTx(db, async (tx) => {
    if (!(await findMediaForProcessing(tx, mediaId))) return false;
    await deleteHashesOf(tx, mediaId);
    await storeHashes(tx, mediaId, hashes);
    return true;
  });
}

export type Match = { mediaId: number; distance: number; removed: boolean; reviewStatus: string | null };

/** Items within the threshold of `hashes`, with whether each was rejected or removed by an admin. */
export async function findLookAlikes(db: Db, hashes: string[], max: number, exclude = -1): Promise<Match[]> {
  if (!hashes.length) return [];
  const near = (await hashIndex(db)).near(hashes, max, exclude);
  if (!near.length) return [];
  const ids = near.map((n) => n.mediaId);
  const [rows, removed] = await Promise.all([lookAlikeRows(db, ids), removedIds(db, ids)]);
  const status = new Map(rows.map((r) => [r.id, r.reviewStatus]));
  // An id with no row and no removed mark was deleted by its owner: nothing to show.
  return near.filter((n) => status.has(n.mediaId) || removed.has(n.mediaId))
    .map((n) => ({ ...n, removed: removed.has(n.mediaId), reviewStatus: status.get(n.mediaId) ?? null }));
}

/** The rejected or admin-deleted item an upload looks like, or null: the upload is held for it. */
export function removedMatch(matches: Match[]): number | null {
  return matches.find((m) => m.removed || m.reviewStatus === "rejected")?.mediaId ?? null;
}

/** Refuses (422) hashes within the threshold of a blocklisted one. */
export async function refuseBlocked(db: Db | Tx, hashes: string[], max: number) {
  if (!hashes.length) return;
  const blocked = await listBlocklist(db, PHASH_ALGO);
  if (blocked.some((b) => hashes.some((h) => hammingHex(b.hash, h) <= max))) throw new HttpError(422, BLOCKED_UPLOAD);
}

/** Adds an item's hashes to the blocklist; how many it had (0: not hashed yet). */
export async function blockItemHashes(db: Db | Tx, mediaId: number, createdBy: number, reason: string | null): Promise<number> {
  const rows = (await hashesOf(db, mediaId)).filter((h) => h.algo === PHASH_ALGO);
  await insertBlocklist(db, rows.map((r) => ({ algo: r.algo, hash: r.hash, mediaId, reason, createdBy })));
  return rows.length;
}

export { hashesOf };
