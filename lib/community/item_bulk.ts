/**
 * The Pending tab's bulk action (issue 34 point 6): approve, reject with one reason, or delete the
 * items checked. Each item is decided on its own, with its own audit entry, as the one-item routes
 * do; an item gone or no longer pending (another admin was quicker) is skipped with the reason
 * rather than failing the batch, as the Held tab's bulk action does (decision 032).
 */
import { type Db, writeTx } from "../../db/client.ts";
import { approveItem, findItemForModeration, rejectItem } from "../../db/queries/admin.ts";
import type { Config } from "../config.ts";
import { deleteMediaItem } from "../media/media_delete.ts";
import { queueFollowerNews } from "../media/published.ts";
import { notifyReview } from "../../db/queries/notify.ts";
import { recordAudit } from "./audit.ts";

export type BulkItemAction = "approve" | "reject" | "delete";
export type BulkItemResult = { done: number[]; skipped: { id: number; reason: string }[] };

export const BULK_ITEM_MSG = { gone: "Content not found", notPending: "This item is no longer waiting for review" } as const;

export async function bulkDecideItems(
  db: Db,
  config: Config,
  adminId: number,
  body: { action: BulkItemAction; ids: number[]; reason?: string },
  now: number,
): Promise<BulkItemResult> {
  const result: BulkItemResult = { done: [], skipped: [] };
  for (const id of new Set(body.ids)) {
    const outcome = body.action === "delete" ? await deleteOne(db, config, adminId, id, now) : await writeTx(db, async (tx) => {
      const item = await findItemForModeration(tx, id);
      if (!item) return BULK_ITEM_MSG.gone;
      if (item.reviewStatus !== "pending") return BULK_ITEM_MSG.notPending;
      // The owner hears of the decision, and the followers of a public item (issue 33), in the decision's write.
      if (body.action === "approve") {
        await approveItem(tx, id, adminId, now);
        await notifyReview(tx, id, "upload_approved", adminId);
        await queueFollowerNews(tx, config, id);
      } else {
        await rejectItem(tx, id, adminId, body.reason!, now);
        await notifyReview(tx, id, "upload_rejected", adminId, body.reason);
      }
      await recordAudit(tx, {
        actorId: adminId,
        action: body.action === "approve" ? "content.approve" : "content.reject",
        targetType: "media",
        targetId: id,
        details: { title: item.title, from: item.reviewStatus, ...(body.action === "reject" ? { reason: body.reason } : {}), bulk: true },
      }, now);
      return null;
    });
    if (outcome === null) result.done.push(id);
    else result.skipped.push({ id, reason: outcome });
  }
  return result;
}

/** The row, then its files (lib/media/media_delete.ts), then the record of it, as `DELETE /api/admin/content/{id}`. */
async function deleteOne(db: Db, config: Config, adminId: number, id: number, now: number): Promise<string | null> {
  const item = await findItemForModeration(db, id);
  if (!item) return BULK_ITEM_MSG.gone;
  if (item.reviewStatus !== "pending") return BULK_ITEM_MSG.notPending;
  if (!(await deleteMediaItem(db, config, id, { byAdmin: true }))) return BULK_ITEM_MSG.gone;
  await recordAudit(db, {
    actorId: adminId,
    action: "content.delete",
    targetType: "media",
    targetId: id,
    subjectId: item.userId,
    details: { title: item.title, uploaderId: item.userId, reviewStatus: item.reviewStatus, bulk: true },
  }, now);
  return null;
}
