/**
 * Who sees which collection and which of its items (issue 32 point 5, decision record 030), and the
 * collection as the API answers it.
 * - Its owner sees it whatever its visibility. Anyone else sees a public or unlisted one (unlisted:
 *   by its link only, never listed), never a private one (404, admins included), and nothing of a
 *   banned owner's but an admin.
 * - Items that are not public (pending, rejected, hidden, not yet playable, a banned uploader's)
 *   show only to their uploader and the admins; counts are what the viewer is shown.
 */
import type { Db } from "../../db/client.ts";
import {
  cardRowsByIds,
  type CollectionRow,
  findCollection,
  type ItemViewer,
  listCollectionsOf,
  shownStats,
} from "../../db/queries/collections.ts";
import { collectionPath, type CollectionSummary } from "../../common/collection_rules.ts";
import type { CurrentUser } from "../app_env.ts";
import { notFound } from "../http_error.ts";
import { COLLECTION_MSG } from "../../common/collection_rules.ts";
import { thumbnailUrl } from "../media/content_item.ts";

export const ownsCollection = (c: Pick<CollectionRow, "userId">, viewer: CurrentUser | null) => !!viewer && viewer.id === c.userId;

export function canSeeCollection(c: CollectionRow, viewer: CurrentUser | null): boolean {
  if (ownsCollection(c, viewer)) return true;
  if (c.ownerBanned && !viewer?.isAdmin) return false;
  return c.visibility !== "private";
}

/** The collection if this viewer may see it, else the 404 every unknown id gets. */
export async function visibleCollection(db: Db, id: number, viewer: CurrentUser | null): Promise<CollectionRow> {
  const c = await findCollection(db, id);
  if (!c || !canSeeCollection(c, viewer)) throw notFound(COLLECTION_MSG.notFound);
  return c;
}

export const itemViewer = (viewer: CurrentUser | null): ItemViewer => (viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null);

/**
 * Collections as the API answers them, with the count and cover of what this viewer is shown
 * (`covers: false` leaves the cover out, for a page that shows the items themselves).
 */
export async function toSummaries(
  db: Db,
  rows: CollectionRow[],
  viewer: CurrentUser | null,
  { covers: withCovers = true } = {},
): Promise<CollectionSummary[]> {
  const stats = await shownStats(db, rows.map((r) => r.id), itemViewer(viewer));
  const coverIds = withCovers ? [...stats.values()].map((s) => s.first) : [];
  const covers = new Map((await cardRowsByIds(db, coverIds)).map((r) => [r.id, thumbnailUrl(r)]));
  return rows.map((r) => {
    const s = stats.get(r.id);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      visibility: r.visibility,
      watchLater: r.watchLater,
      itemCount: s?.count ?? 0,
      cover: s ? covers.get(s.first) ?? null : null,
      url: collectionPath(r),
      owner: { id: r.userId, username: r.ownerName },
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    };
  });
}

/** A member's collections as this viewer may list them: all for the owner, the public ones for anyone else. */
export async function listedCollections(db: Db, ownerId: number, viewer: CurrentUser | null): Promise<CollectionSummary[]> {
  const rows = await listCollectionsOf(db, ownerId, viewer?.id !== ownerId);
  return toSummaries(db, rows, viewer);
}
