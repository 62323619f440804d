/** A member's Watch later as the cards ask about it (issue 43 point 6): one statement per page of cards. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { collectionItems, collections } from "../schema/mod.ts";

/**
 * The member's Watch later collection id and which of `ids` it holds. The trigger of migration 0017
 * gives every member one; a member row made before it has none and gets `collectionId: null`.
 */
export async function watchLaterHolding(db: Db, userId: number, ids: number[]): Promise<{ collectionId: number | null; ids: number[] }> {
  const rows = await db.select({ collectionId: collections.id, mediaId: collectionItems.mediaId }).from(collections)
    .leftJoin(collectionItems, and(eq(collectionItems.collectionId, collections.id), inArray(collectionItems.mediaId, ids)))
    .where(and(eq(collections.userId, userId), eq(collections.watchLater, true))).all();
  return {
    collectionId: rows[0]?.collectionId ?? null,
    ids: rows.flatMap((r) => (r.mediaId === null ? [] : [r.mediaId])),
  };
}
