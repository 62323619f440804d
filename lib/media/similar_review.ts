/**
 * The review queue's look-alikes (issues 25 and 34): for each pending item, the items whose
 * perceptual hashes are within the threshold, nearest first: other pending items (so two copies
 * uploaded while both wait show each other), approved and rejected ones, and those an admin
 * removed. Each names its item, uploader, state, the decision taken and by whom, and the distance
 * in words; the removed item an upload was held for is named too.
 */
import type { Db } from "../../db/client.ts";
import { hashesOfMany, lookAlikeDetails, matchMarks, removedItemRecords } from "../../db/queries/similar.ts";
import type { AdminItem, LookAlike, PendingItem } from "../../common/api_types.ts";
import { likeness } from "../../common/look_alikes.ts";
import { thumbnailUrl } from "./content_item.ts";
import { findLookAlikes, type Match } from "./similar.ts";
import { PHASH_ALGO } from "./phash.ts";

/** Look-alikes shown per item: the nearest few are what a moderator compares. */
const SHOWN = 6;

type Details = Awaited<ReturnType<typeof lookAlikeDetails>>[number];
type Removed = Awaited<ReturnType<typeof removedItemRecords>>[number];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const who = (id: number | null, username: string | null) => (id !== null && username !== null ? { id, username } : null);

function titleOf(record: Removed | undefined): string | null {
  try {
    const title = record?.details ? JSON.parse(record.details).title : null;
    return typeof title === "string" ? title : null;
  } catch {
    return null;
  }
}

function toLookAlike(m: Match, row: Details | undefined, record: Removed | undefined): LookAlike {
  const near = { distance: m.distance, likeness: likeness(m.distance) };
  if (m.removed || !row) {
    return {
      id: m.mediaId,
      title: titleOf(record),
      thumbnail: null,
      status: "removed",
      reason: "Deleted by an admin",
      ...near,
      href: null,
      uploader: record ? who(record.subjectId, record.subjectName) : null,
      decidedBy: record ? who(record.actorId, record.actorName) : null,
      decidedAt: record ? iso(record.createdAt) : null,
    };
  }
  return {
    id: row.id,
    title: row.title,
    thumbnail: thumbnailUrl(row),
    status: row.reviewStatus,
    reason: row.rejectionReason,
    ...near,
    href: `/media/${row.id}`,
    uploader: { id: row.userId, username: row.uploaderName },
    decidedBy: row.reviewStatus === "pending" ? null : who(row.reviewedBy, row.reviewerName),
    decidedAt: row.reviewStatus === "pending" ? null : iso(row.reviewedAt),
  };
}

export async function withLookAlikes(db: Db, max: number, items: AdminItem[]): Promise<Omit<PendingItem, "watchedWords">[]> {
  const ids = items.map((i) => i.id);
  const [hashes, marks] = await Promise.all([hashesOfMany(db, ids, PHASH_ALGO), matchMarks(db, ids)]);
  const found = await Promise.all(items.map(async (item) =>
    (await findLookAlikes(db, hashes.get(item.id) ?? [], max, item.id))
      .filter((m) => m.removed || m.reviewStatus !== null).slice(0, SHOWN)
  ));
  const matched = [...new Set(found.flat().map((m) => m.mediaId))];
  const removed = [...new Set(found.flat().filter((m) => m.removed).map((m) => m.mediaId))];
  const [rows, records] = await Promise.all([lookAlikeDetails(db, matched), removedItemRecords(db, removed)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The last deletion recorded for each (an item is deleted once; a re-used id would be a new row).
  const recordOf = new Map(records.map((r) => [r.mediaId, r]));
  return items.map((item, i) => ({
    ...item,
    matchesRemovedId: marks.get(item.id) ?? null,
    lookAlikes: found[i].map((m) => toLookAlike(m, byId.get(m.mediaId), m.removed ? recordOf.get(m.mediaId) : undefined)),
  }));
}
