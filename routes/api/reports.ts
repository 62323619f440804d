import { Hono } from "hono";
import { z } from "zod";
import { writeTx } from "../../db/client.ts";
import { findOpenReport, insertReport } from "../../db/queries/social.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { badRequest, conflict } from "../../lib/http_error.ts";
import { parseMediaId, viewerKey, visibleMediaOr404 } from "../../lib/media_access.ts";
import type { RateLimiter } from "../../lib/rate_limit.ts";
import { changesContent } from "../../lib/content_version.ts";
import { jsonBody } from "../../lib/validate.ts";
import { MEDIA_MSG, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "../../common/media_rules.ts";

const REASONS = new Set<string>(REPORT_REASONS.map((r) => r.value));

const reportBody = z.object({
  videoId: z.union([z.number(), z.string().max(20)], "videoId is required"),
  reason: z.string().max(100).nullish(),
  details: z.string().max(REPORT_DETAILS_MAX * 2, MEDIA_MSG.detailsLong).nullish(),
  userId: z.union([z.number(), z.string().max(20)]).nullish(),
});

/**
 * POST /api/reports and POST /api/report (both paths, one action). One open report per
 * reporter (account, or a keyed hash of a visitor's address) and item.
 */
export function reportsApi(limiter: RateLimiter) {
  const handler = async (c: import("hono").Context<AppEnv>) => {
    const { rate, reportHideThreshold } = c.var.config;
    const reporterKey = viewerKey(c);
    limiter.hit(`report:${reporterKey}`, rate.reportsPerUser, rate.socialWindowSeconds);
    const body = await jsonBody(c, reportBody);
    const reason = (body.reason ?? "").trim();
    if (!reason) throw badRequest(MEDIA_MSG.reasonRequired);
    if (!REASONS.has(reason)) throw badRequest(MEDIA_MSG.reasonUnknown);
    const details = (body.details ?? "").trim();
    if (details.length > REPORT_DETAILS_MAX) throw badRequest(MEDIA_MSG.detailsLong);
    const item = await visibleMediaOr404(c, parseMediaId(body.videoId));
    const user = c.var.user;
    const report = await writeTx(c.var.db, async (tx) => {
      if (await findOpenReport(tx, item.id, reporterKey)) throw conflict(MEDIA_MSG.alreadyReported);
      return insertReport(tx, {
        mediaId: item.id,
        userId: user?.id ?? null,
        reporterKey,
        reason: reason as ReportReason,
        details: details || null,
      }, reportHideThreshold);
    });
    return c.json({ success: true, id: report.id }, 201);
  };
  // A report can hide the item (REPORT_HIDE_THRESHOLD).
  return new Hono<AppEnv>().post("/reports", changesContent, handler).post("/report", changesContent, handler);
}
