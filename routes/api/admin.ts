import { type Context, Hono } from "hono";
import { type Tx, writeTx } from "../../db/client.ts";
import {
  approveItem,
  countApprovedItems,
  countPendingItems,
  countReportedItems,
  findItemForModeration,
  listApprovedItems,
  listFeaturedItems,
  listPendingItems,
  listReportedItems,
  rejectItem,
  type ReportedRow,
  resolveOpenReports,
  setItemFeatured,
} from "../../db/queries/admin.ts";
import { listAuditEntries } from "../../db/queries/audit.ts";
import type { ItemRow } from "../../db/queries/media.ts";
import { hasOpenJob } from "../../db/queries/jobs.ts";
import { findMediaForProcessing } from "../../db/queries/media_files.ts";
import { queueVideoProcessing } from "../../lib/media/process_job.ts";
import type { AdminItem, ApprovedPage, ReportedItem } from "../../common/api_types.ts";
import { blocklistSchema, bulkContentSchema, rejectSchema } from "../../common/schemas/admin.ts";
import { bulkDecideItems } from "../../lib/community/item_bulk.ts";
import { queueFollowerNews } from "../../lib/media/published.ts";
import { notifyReview } from "../../db/queries/notify.ts";
import { blockItemHashes } from "../../lib/media/similar.ts";
import { withLookAlikes } from "../../lib/media/similar_review.ts";
import type { AppEnv, CurrentUser } from "../../lib/app_env.ts";
import { type AuditAction, recordAudit } from "../../lib/community/audit.ts";
import { toOwnerItem } from "../../lib/media/content_item.ts";
import { requireAdmin, requireModerator } from "../../lib/auth/guards.ts";
import { conflict, notFound } from "../../lib/http_error.ts";
import { deleteMediaItem } from "../../lib/media/media_delete.ts";
import { changesContent } from "../../lib/http/content_version.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { approvedQuery, auditQuery } from "../../lib/feed/query_schemas.ts";
import { countReportedPosts, listOpenReports } from "../../db/queries/post_reports.ts";
import { countHeldPosts } from "../../db/queries/admin_posts.ts";
import { dismissItemReport, reportsByTarget } from "../../lib/community/reports.ts";
import { withWatchedWords } from "../../lib/community/hold.ts";
import type { ReportView } from "../../common/moderation.ts";

/** The content item plus what only moderators see. */
const adminItem = (row: ItemRow): AdminItem => ({ ...toOwnerItem(row), hidden: row.hidden });

const reportedItem = (row: ReportedRow, reports: ReportView[]): ReportedItem => ({
  ...adminItem(row),
  reportReason: row.reportReason,
  reportedAt: new Date(row.reportedAt).toISOString(),
  openReports: row.reporters,
  reportCount: row.reportCount,
  reports,
});

type ModeratedItem = NonNullable<Awaited<ReturnType<typeof findItemForModeration>>>;
type Change<T> = { action: AuditAction; details: Record<string, unknown>; result: T };

/**
 * One moderation step in one write transaction: the item (404 once gone), the change, and its
 * audit entry naming the admin and the item's title.
 */
function moderate<T>(
  c: Context<AppEnv>,
  id: number,
  change: (tx: Tx, item: ModeratedItem, admin: CurrentUser, now: number) => Promise<Change<T>>,
): Promise<T> {
  const admin = requireModerator(c);
  const now = Date.now();
  return writeTx(c.var.db, async (tx) => {
    const item = await findItemForModeration(tx, id);
    if (!item) throw notFound("Content not found");
    const { action, details, result } = await change(tx, item, admin, now);
    await recordAudit(
      tx,
      { actorId: admin.id, action, targetType: "media", targetId: id, details: { title: item.title, ...details } },
      now,
    );
    return result;
  });
}

async function itemOr404(c: { var: AppEnv["Variables"] }, id: number) {
  const item = await findItemForModeration(c.var.db, id);
  if (!item) throw notFound("Content not found");
  return item;
}

/** `/api/admin/*` (spec part 2 §7, Admin). Every change is recorded in the audit log with its actor. */

export const adminApi = new Hono<AppEnv>()
  // Visitors get 401 and members 403 (QUALITY.md, security 4), before anything else runs. Moderators work the
  // queues; featuring and the Log stay with admins (decision 044), checked again in those routes.
  .use("*", async (c, next) => {
    requireModerator(c);
    await next();
  })
  .use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  // Reported counts items and posts with open reports; held, the comments and posts waiting in the Held tab (issue 34).
  .get("/counts", async (c) => {
    const { db } = c.var;
    const [pending, items, posts, held] = await Promise.all([
      countPendingItems(db),
      countReportedItems(db),
      countReportedPosts(db),
      countHeldPosts(db),
    ]);
    const reported = items + posts;
    return c.json({ pendingCount: pending, reportedCount: reported, heldCount: held, totalCount: pending + reported + held });
  })
  .get("/content/pending", async (c) => {
    const { db, config } = c.var;
    const items = await withLookAlikes(db, config.similarMaxDistance, (await listPendingItems(db)).map(adminItem));
    // Items whose title, description, tags or prompt hold a watched word are flagged with it (issue 34).
    return c.json(await withWatchedWords(db, items));
  })
  // Issue 25: uploads within the threshold of this item's hashes are refused from now on.
  .post("/content/:id/blocklist", async (c) => {
    const id = idOr400(c.req.param("id"));
    const { reason } = await jsonBody(c, blocklistSchema);
    const admin = requireModerator(c);
    const hashes = await writeTx(c.var.db, async (tx) => {
      const n = await blockItemHashes(tx, id, admin.id, reason || null);
      if (!n) throw conflict("This item has no perceptual hash yet");
      await recordAudit(tx, { actorId: admin.id, action: "content.blocklist", targetType: "media", targetId: id, details: { reason } });
      return n;
    });
    return c.json({ ok: true, id, hashes });
  })
  // Each item with its open reports, their words and reporters (issue 34 point 1).
  .get("/content/reported", async (c) => {
    const rows = await listReportedItems(c.var.db);
    const reports = reportsByTarget(await listOpenReports(c.var.db, "item", rows.map((r) => r.id)));
    return c.json(rows.map((r) => reportedItem(r, reports.get(r.id) ?? [])));
  })
  .get("/content/featured", async (c) => {
    requireAdmin(c);
    return c.json((await listFeaturedItems(c.var.db)).map(adminItem));
  })
  .get("/content/approved", async (c) => {
    requireAdmin(c);
    const { page, limit } = queryOr400(c, approvedQuery);
    const [rows, totalCount] = await Promise.all([
      listApprovedItems(c.var.db, (page - 1) * limit, limit),
      countApprovedItems(c.var.db),
    ]);
    const content = rows.map((r) => ({ ...adminItem(r), editedAt: r.editedAt ? new Date(r.editedAt).toISOString() : null }));
    return c.json({ content, totalCount, page, limit } satisfies ApprovedPage);
  })
  // Issue 34 point 6: the Pending tab's checked rows approved, rejected with one reason, or deleted, each audited.
  .post("/content/bulk", changesContent, async (c) => {
    const admin = requireModerator(c);
    const body = await jsonBody(c, bulkContentSchema);
    const result = await bulkDecideItems(c.var.db, c.var.config, admin.id, body, Date.now());
    return c.json({ ok: true, action: body.action, ...result });
  })
  .post("/content/:id/approve", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    await moderate(c, id, async (tx, item, admin, now) => {
      await approveItem(tx, id, admin.id, now);
      // The owner hears of the decision, and the followers of a public item (issue 33), with the change or not at all.
      if (item.reviewStatus !== "approved") await notifyReview(tx, id, "upload_approved", admin.id);
      await queueFollowerNews(tx, c.var.config, id);
      return { action: "content.approve", details: { from: item.reviewStatus }, result: null };
    });
    return c.json({ ok: true, id, reviewStatus: "approved" });
  })
  // A video whose processing failed for good (or stalled without a job): queued once more (issue 21).
  // A healthy one is refused, and every retry is audited (issue 31 point 9).
  .post("/content/:id/reprocess", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireModerator(c);
    const state = await writeTx(c.var.db, async (tx) => {
      const item = await findMediaForProcessing(tx, id);
      if (!item) throw notFound("Content not found");
      if (item.contentType !== "video" || !item.fileKey) throw conflict("Only uploaded videos are processed");
      if (await hasOpenJob(tx, id)) throw conflict("This video is already being processed");
      if (item.processingState === "ready") throw conflict("This video is processed and plays: there is nothing to process again");
      await queueVideoProcessing(tx, c.var.config, id);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "content.reprocess",
        targetType: "media",
        targetId: id,
        details: { title: item.title, from: item.processingState },
      });
      return { state: "queued" as const, progress: 0 };
    });
    return c.json({ ok: true, id, processing: state });
  })
  .post("/content/:id/reject", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const { reason } = await jsonBody(c, rejectSchema);
    await moderate(c, id, async (tx, item, admin, now) => {
      await rejectItem(tx, id, admin.id, reason, now);
      if (item.reviewStatus !== "rejected") await notifyReview(tx, id, "upload_rejected", admin.id, reason);
      return { action: "content.reject", details: { from: item.reviewStatus, reason }, result: null };
    });
    return c.json({ ok: true, id, reviewStatus: "rejected", rejectionReason: reason });
  })
  .post("/content/:id/feature", changesContent, async (c) => {
    requireAdmin(c);
    const id = idOr400(c.req.param("id"));
    const featured = await moderate(c, id, async (tx, item, _admin, now) => {
      const next = !item.featured;
      if (next && item.reviewStatus === "rejected") throw conflict("Rejected content cannot be featured");
      await setItemFeatured(tx, id, next, now);
      return { action: next ? "content.feature" : "content.unfeature", details: {}, result: next };
    });
    return c.json({ ok: true, id, featured });
  })
  // One report dismissed, the others kept: its reporter leaves the count, and an item reports hid shows again below the threshold.
  .post("/content/:id/reports/:reportId/dismiss", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const reportId = idOr400(c.req.param("reportId"), "report id");
    await moderate(c, id, async (tx, _item, _admin, now) => {
      await dismissItemReport(tx, id, reportId, c.var.config.reportHideThreshold, now);
      return { action: "content.dismiss_report", details: { reportId }, result: null };
    });
    return c.json({ ok: true, id, reportId });
  })
  // Dismiss: beside the spec's View and Delete, the reports end and the item stays (decision 036).
  .post("/content/:id/dismiss-reports", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const resolved = await moderate(c, id, async (tx, _item, _admin, now) => {
      const n = await resolveOpenReports(tx, id, now);
      return { action: "content.dismiss_reports", details: { resolvedReports: n }, result: n };
    });
    return c.json({ ok: true, id, resolvedReports: resolved, hidden: false });
  })
  .delete("/content/:id", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireModerator(c);
    const item = await itemOr404(c, id);
    // The row goes first, then its files (lib/media/media_delete.ts), then the record of it.
    if (!(await deleteMediaItem(c.var.db, c.var.config, id, { byAdmin: true }))) throw notFound("Content not found");
    await recordAudit(c.var.db, {
      actorId: admin.id,
      action: "content.delete",
      targetType: "media",
      targetId: id,
      subjectId: item.userId,
      details: { title: item.title, uploaderId: item.userId, reviewStatus: item.reviewStatus },
    });
    return c.json({ ok: true, id });
  })
  // Paged by id (`before`, or `after` for the newer page): newest first; `kind` keeps owners' edits apart from
  // moderation (issue 31 point 6); by admin, action and member for the Log tab (issue 34 point 7).
  .get("/audit", async (c) => {
    requireAdmin(c);
    const q = queryOr400(c, auditQuery);
    const rows = await listAuditEntries(c.var.db, q);
    if (q.after !== undefined) rows.reverse();
    return c.json(rows.map((r) => ({
      ...r,
      details: r.details ? JSON.parse(r.details) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    })));
  });
