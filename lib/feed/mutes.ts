/**
 * Per-viewer mutes (issue 25): the ids of the items a member muted (by tag, uploader or AI
 * generator), kept per member until the content version moves or the member's mutes change, so a
 * muting member's feed, search and related lists leave them out on the server, with full pages.
 */
import { type Db, writeTx } from "../../db/client.ts";
import { bumpCounter, readCounter } from "../../db/queries/counters.ts";
import {
  countMutes,
  deleteMute,
  hasMute,
  insertMute,
  listMuteTypes,
  mutedItemIds,
  type MuteType,
  setTagFolds,
  unfoldedTags,
} from "../../db/queries/mutes.ts";
import { foldTag } from "../../common/format.ts";
import { MUTE_MSG, MUTES_MAX } from "../../common/schemas/mutes.ts";
import { HttpError } from "../http_error.ts";
import { contentVersion } from "../http/content_version.ts";

/** A tag or generator as stored and compared (common/format.ts foldTag); a user as typed (a name or an id). */
export const muteValue = (type: MuteType, value: string) => (type === "user" ? value : foldTag(value));

/**
 * Folds the non-ASCII tags the trigger of migration 0013 listed since the last call (SQLite's lower()
 * cannot), so a mute of "élan" finds items tagged "Élan". Runs before every muted-id lookup, and
 * every grid filtered by notMutedBy asks mutedIds first; usually nothing is waiting.
 */
export async function foldNewTags(db: Db): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const tags = await unfoldedTags(db, 500);
    if (!tags.length) return;
    await setTagFolds(db, tags.map((t) => [t, foldTag(t)]));
    if (tags.length < 500) return;
  }
}

type Kept = { version: number; changes: number; ids: Promise<Set<number>> };
const kept = new WeakMap<Db, Map<number, Kept>>();

/**
 * The shared counter (`shared_counters`) a member's mute or unmute moves, in the write that makes
 * it, so every process (and host) reads a member's mutes again after a change made by any of them
 * (decision 022; issue 31 point 7: a counter in process memory let the other worker keep showing
 * muted items).
 */
const changesName = (userId: number) => `mutes:${userId}`;

/**
 * Adds a mute. A member keeps at most MUTES_MAX of them (422 past it; muting one already muted is
 * still fine), counted in the same write as the insert, so two requests at once cannot pass it.
 * Whether it was new.
 */
export function addMute(db: Db, userId: number, type: MuteType, value: string): Promise<boolean> {
  return writeTx(db, async (tx) => {
    if ((await countMutes(tx, userId)) >= MUTES_MAX && !(await hasMute(tx, userId, type, value))) {
      throw new HttpError(422, MUTE_MSG.tooMany);
    }
    const created = await insertMute(tx, userId, type, value);
    if (created) await bumpCounter(tx, changesName(userId));
    return created;
  });
}

/** Removes a mute; whether there was one. */
export function removeMute(db: Db, userId: number, type: MuteType, value: string): Promise<boolean> {
  return writeTx(db, async (tx) => {
    const removed = await deleteMute(tx, userId, type, value);
    if (removed) await bumpCounter(tx, changesName(userId));
    return removed;
  });
}

const EMPTY = new Set<number>();

/**
 * The items hidden from this viewer (empty for visitors and members without mutes), kept per
 * member until the content version or the member's mutes counter moves (one primary-key read per
 * call, ~5 µs). Requests of one member at once share one lookup.
 */
export async function mutedIds(db: Db, userId: number | null | undefined): Promise<Set<number>> {
  if (!userId) return EMPTY;
  let byUser = kept.get(db);
  if (!byUser) kept.set(db, byUser = new Map());
  const version = contentVersion(db);
  const changes = await readCounter(db, changesName(userId));
  const k = byUser.get(userId);
  if (k && k.version === version && k.changes === changes) return k.ids;
  const ids = (async () => {
    const mutes = await listMuteTypes(db, userId);
    if (!mutes.length) return EMPTY;
    if (mutes.includes("tag")) await foldNewTags(db);
    return new Set(await mutedItemIds(db, userId));
  })();
  ids.catch(() => byUser.delete(userId));
  if (byUser.size > 10_000) byUser.clear();
  byUser.set(userId, { version, changes, ids });
  return ids;
}
