import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { writeTx } from "../../db/client.ts";
import {
  approveItem,
  countApprovedItems,
  countPendingItems,
  countReportedItems,
  findItemForModeration,
  findUserForAdmin,
  listApprovedItems,
  listAuditEntries,
  listFeaturedItems,
  listPendingItems,
  listReportedItems,
  listUsersForAdmin,
  rejectItem,
  type ReportedRow,
  resolveOpenReports,
  setItemFeatured,
  setUserBanned,
} from "../../db/queries/admin.ts";
import type { ItemRow } from "../../db/queries/media.ts";
import { deleteUserSessions } from "../../db/queries/sessions.ts";
import { APPROVED_PAGE_SIZE, REJECT_REASON_MAX } from "../../common/admin_rules.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { recordAudit } from "../../lib/audit.ts";
import { toContentItem } from "../../lib/content_item.ts";
import { conflict, forbidden, notFound, unauthorized } from "../../lib/http_error.ts";
import { deleteMediaItem } from "../../lib/media_delete.ts";
import { changesContent } from "../../lib/content_version.ts";
import { jsonBody, parseOr400, queryOr400 } from "../../lib/validate.ts";

/** Admin routes answer 401 to visitors and 403 to members (QUALITY.md, security 4). */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized();
  if (!c.var.user.isAdmin) throw forbidden("Only admins can do that");
  await next();
};

/** A positive integer id that fits a JavaScript number exactly; anything else is a 400. */
const idSchema = z.string().regex(/^\d{1,15}$/, "Invalid id").transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n > 0, "Invalid id");
const idParam = (value: string | undefined) => parseOr400(idSchema, value ?? "");

const approvedQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(APPROVED_PAGE_SIZE),
});
const usersQuery = z.object({ q: z.string().trim().max(100).optional() });
const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
const rejectBody = z.object({
  reason: z.string().trim().min(1, "A reason is required to reject content")
    .max(REJECT_REASON_MAX, `The reason must be at most ${REJECT_REASON_MAX} characters`),
});

/** The content item plus what only moderators see. */
const adminItem = (row: ItemRow) => ({ ...toContentItem(row), hidden: row.hidden });

const reportedItem = (row: ReportedRow) => ({
  ...adminItem(row),
  reportReason: row.reportReason,
  reportedAt: new Date(row.reportedAt).toISOString(),
  /** Distinct accounts with an open report on the item. */
  openReports: row.reporters,
});

async function itemOr404(c: { var: AppEnv["Variables"] }, id: number) {
  const item = await findItemForModeration(c.var.db, id);
  if (!item) throw notFound("Content not found");
  return item;
}

/** `/api/admin/*` (spec part 2 §7, Admin). Every change is recorded in the audit log with its actor. */
export const adminApi = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/counts", async (c) => {
    const [pending, reported] = await Promise.all([countPendingItems(c.var.db), countReportedItems(c.var.db)]);
    return c.json({ pendingCount: pending, reportedCount: reported, totalCount: pending + reported });
  })
  .get("/content/pending", async (c) => c.json((await listPendingItems(c.var.db)).map(adminItem)))
  .get("/content/reported", async (c) => c.json((await listReportedItems(c.var.db)).map(reportedItem)))
  .get("/content/featured", async (c) => c.json((await listFeaturedItems(c.var.db)).map(adminItem)))
  .get("/content/approved", async (c) => {
    const { page, limit } = queryOr400(c, approvedQuery);
    const [rows, totalCount] = await Promise.all([
      listApprovedItems(c.var.db, (page - 1) * limit, limit),
      countApprovedItems(c.var.db),
    ]);
    return c.json({ content: rows.map(adminItem), totalCount, page, limit });
  })
  .post("/content/:id/approve", changesContent, async (c) => {
    const id = idParam(c.req.param("id"));
    const admin = c.var.user!;
    const now = Date.now();
    await writeTx(c.var.db, async (tx) => {
      const item = await findItemForModeration(tx, id);
      if (!item) throw notFound("Content not found");
      await approveItem(tx, id, admin.id, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "content.approve",
        targetType: "media",
        targetId: id,
        details: { title: item.title, from: item.reviewStatus },
      }, now);
    });
    return c.json({ ok: true, id, reviewStatus: "approved" });
  })
  .post("/content/:id/reject", changesContent, async (c) => {
    const id = idParam(c.req.param("id"));
    const { reason } = await jsonBody(c, rejectBody);
    const admin = c.var.user!;
    const now = Date.now();
    await writeTx(c.var.db, async (tx) => {
      const item = await findItemForModeration(tx, id);
      if (!item) throw notFound("Content not found");
      await rejectItem(tx, id, admin.id, reason, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "content.reject",
        targetType: "media",
        targetId: id,
        details: { title: item.title, from: item.reviewStatus, reason },
      }, now);
    });
    return c.json({ ok: true, id, reviewStatus: "rejected", rejectionReason: reason });
  })
  .post("/content/:id/feature", changesContent, async (c) => {
    const id = idParam(c.req.param("id"));
    const admin = c.var.user!;
    const now = Date.now();
    const featured = await writeTx(c.var.db, async (tx) => {
      const item = await findItemForModeration(tx, id);
      if (!item) throw notFound("Content not found");
      const next = !item.featured;
      if (next && item.reviewStatus === "rejected") throw conflict("Rejected content cannot be featured");
      await setItemFeatured(tx, id, next, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: next ? "content.feature" : "content.unfeature",
        targetType: "media",
        targetId: id,
        details: { title: item.title },
      }, now);
      return next;
    });
    return c.json({ ok: true, id, featured });
  })
  .post("/content/:id/dismiss-reports", changesContent, async (c) => {
    const id = idParam(c.req.param("id"));
    const admin = c.var.user!;
    const now = Date.now();
    const resolved = await writeTx(c.var.db, async (tx) => {
      const item = await findItemForModeration(tx, id);
      if (!item) throw notFound("Content not found");
      const n = await resolveOpenReports(tx, id, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "content.dismiss_reports",
        targetType: "media",
        targetId: id,
        details: { title: item.title, resolvedReports: n },
      }, now);
      return n;
    });
    return c.json({ ok: true, id, resolvedReports: resolved, hidden: false });
  })
  .delete("/content/:id", changesContent, async (c) => {
    const id = idParam(c.req.param("id"));
    const admin = c.var.user!;
    const item = await itemOr404(c, id);
    // The row goes first, then its files (lib/media_delete.ts), then the record of it.
    if (!(await deleteMediaItem(c.var.db, c.var.config, id))) throw notFound("Content not found");
    await recordAudit(c.var.db, {
      actorId: admin.id,
      action: "content.delete",
      targetType: "media",
      targetId: id,
      details: { title: item.title, uploaderId: item.userId, reviewStatus: item.reviewStatus },
    });
    return c.json({ ok: true, id });
  })
  .get("/users", async (c) => {
    const { q } = queryOr400(c, usersQuery);
    return c.json(await listUsersForAdmin(c.var.db, q || undefined));
  })
  .post("/users/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const admin = c.var.user!;
    const now = Date.now();
    const user = await writeTx(c.var.db, async (tx) => {
      const target = await findUserForAdmin(tx, id);
      if (!target) throw notFound("User not found");
      if (target.id === admin.id) throw conflict("You cannot ban yourself");
      const banned = !target.banned;
      if (banned && target.isAdmin) throw conflict("Admins cannot be banned");
      await setUserBanned(tx, id, banned);
      await recordAudit(tx, {
        actorId: admin.id,
        action: banned ? "user.ban" : "user.unban",
        targetType: "user",
        targetId: id,
        details: { username: target.username },
      }, now);
      return { ...target, banned };
    });
    // Sessions of a banned user already stop working (the session query skips banned users);
    // removing them makes the end final even if the ban is lifted later.
    if (user.banned) await deleteUserSessions(c.var.db, id);
    return c.json({
      ok: true,
      user,
      message: user.banned ? "User banned successfully" : "User unbanned successfully",
    });
  })
  .get("/audit", async (c) => {
    const { limit } = queryOr400(c, auditQuery);
    const rows = await listAuditEntries(c.var.db, limit);
    return c.json(rows.map((r) => ({
      ...r,
      details: r.details ? JSON.parse(r.details) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    })));
  });
