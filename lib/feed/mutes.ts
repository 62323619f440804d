/**
 * Per-viewer mutes (issue 25): the ids of the items a member muted (by tag, uploader or AI
 * generator), kept per member until the content version moves or the member's mutes change, so a
 * muting member's feed, search and related lists leave them out on the server, with full pages.
 */
import type { Db } from "../../db/client.ts";
import { listMutes, mutedItemIds, type MuteType, setTagFolds, unfoldedTags } from "../../db/queries/mutes.ts";
import { foldTag } from "../../common/format.ts";
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

type Kept = { version: number; generation: number; ids: Promise<Set<number>> };
const kept = new WeakMap<Db, Map<number, Kept>>();
let generation = 0;

/** A member's mutes changed: what was kept for anyone is read again. */
export function mutesChanged() {
  generation++;
}

const EMPTY = new Set<number>();

/** The items hidden from this viewer (empty for visitors and members without mutes). */
export function mutedIds(db: Db, userId: number | null | undefined): Promise<Set<number>> {
  if (!userId) return Promise.resolve(EMPTY);
  let byUser = kept.get(db);
  if (!byUser) kept.set(db, byUser = new Map());
  const version = contentVersion(db);
  const k = byUser.get(userId);
  if (k && k.version === version && k.generation === generation) return k.ids;
  const ids = (async () => {
    const mutes = await listMutes(db, userId);
    if (!mutes.length) return EMPTY;
    if (mutes.some((m) => m.type === "tag")) await foldNewTags(db);
    const of = (t: MuteType) => mutes.filter((m) => m.type === t).map((m) => m.value);
    return new Set(await mutedItemIds(db, { users: of("user").map(Number), generators: of("generator"), tags: of("tag") }));
  })();
  ids.catch(() => byUser.delete(userId));
  if (byUser.size > 10_000) byUser.clear();
  byUser.set(userId, { version, generation, ids });
  return ids;
}
