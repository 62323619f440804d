/**
 * The review queue's look-alikes (issue 25): for each pending item, the approved, rejected or
 * admin-removed items whose perceptual hashes are within the threshold, nearest first, with the
 * earlier decision and its reason, and the removed item an upload was held for.
 */
import type { Db } from "../../db/client.ts";
import { hashesOfMany, lookAlikeRows, matchMarks } from "../../db/queries/similar.ts";
import type { AdminItem, LookAlike, PendingItem } from "../../common/api_types.ts";
import { thumbnailUrl } from "./content_item.ts";
import { findLookAlikes } from "./similar.ts";
import { PHASH_ALGO } from "./phash.ts";

/** Look-alikes shown per item: the nearest few are what a moderator compares. */
const SHOWN = 6;

export async function withLookAlikes(db: Db, max: number, items: AdminItem[]): Promise<Omit<PendingItem, "watchedWords">[]> {
  const ids = items.map((i) => i.id);
  const [hashes, marks] = await Promise.all([hashesOfMany(db, ids, PHASH_ALGO), matchMarks(db, ids)]);
  const found = await Promise.all(items.map(async (item) =>
    (await findLookAlikes(db, hashes.get(item.id) ?? [], max, item.id))
      .filter((m) => m.removed || m.reviewStatus === "approved" || m.reviewStatus === "rejected").slice(0, SHOWN)
  ));
  const rows = new Map((await lookAlikeRows(db, [...new Set(found.flat().map((m) => m.mediaId))])).map((r) => [r.id, r]));
  return items.map((item, i) => ({
    ...item,
    matchesRemovedId: marks.get(item.id) ?? null,
    lookAlikes: found[i].map((m): LookAlike => {
      const row = rows.get(m.mediaId);
      if (m.removed || !row) {
        return { id: m.mediaId, title: null, thumbnail: null, status: "removed", reason: "Deleted by an admin", distance: m.distance };
      }
      return {
        id: row.id,
        title: row.title,
        thumbnail: thumbnailUrl(row),
        status: row.reviewStatus === "rejected" ? "rejected" : "approved",
        reason: row.rejectionReason,
        distance: m.distance,
      };
    }),
  }));
}
