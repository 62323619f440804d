import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { countOpenReportsBy, findOpenReport, insertReport } from "../../db/queries/social.ts";
import { notifyOwner } from "../../db/queries/notify.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { conflict, HttpError } from "../../lib/http_error.ts";
import { viewerKey, visibleMediaOr404 } from "../../lib/media/media_access.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { MEDIA_MSG, OPEN_REPORTS_MAX } from "../../common/media_rules.ts";
import { reportSchema } from "../../common/schemas/reports.ts";
import { contentChanged } from "../../lib/http/content_version.ts";
import { reportCounts } from "../../lib/community/reports.ts";

/**
 * POST /api/reports and POST /api/report (both paths, one action: routes/mod.ts mounts this at
 * both, as the spec's client uses both; decision 036). One open report per
 * reporter (account, or a keyed hash of a visitor's address) and item, at most OPEN_REPORTS_MAX open
 * ones per reporter (422) and RATE_REPORTS_PER_USER a window (429) (issue 31). Every report is kept;
 * only a verified, old enough member's on someone else's item counts toward hiding (issue 42, decision 039).
 */
export function reportsApi(limiter: RateLimiter) {
  const handler = async (c: import("hono").Context<AppEnv>) => {
    const { rate, reportHideThreshold, reportMinAccountAgeMs } = c.var.config;
    const reporterKey = viewerKey(c);
    await limiter.hit(`report:${reporterKey}`, rate.reportsPerUser, rate.socialWindowSeconds);
    const { videoId, reason, details } = await jsonBody(c, reportSchema);
    const item = await visibleMediaOr404(c, idOr400(videoId, "videoId"));
    const user = c.var.user;
    const report = await writeTx(c.var.db, async (tx) => {
      if (await findOpenReport(tx, item.id, reporterKey)) throw conflict(MEDIA_MSG.alreadyReported);
      if ((await countOpenReportsBy(tx, reporterKey)) >= OPEN_REPORTS_MAX) throw new HttpError(422, MEDIA_MSG.tooManyReports);
      const report = await insertReport(tx, {
        mediaId: item.id,
        userId: user?.id ?? null,
        reporterKey,
        reason,
        details: details || null,
        counts: reportCounts(user, item.userId, reportMinAccountAgeMs),
      }, reportHideThreshold);
      // The owner hears that reports hid their item (issue 33), not who reported it.
      if (report.hid) await notifyOwner(tx, item.id, "upload_hidden");
      return report;
    });
    // Only a report that hides the item (REPORT_HIDE_THRESHOLD) changes what the public sees.
    if (report.hid) await contentChanged(c.var.db);
    return c.json({ success: true, id: report.id }, 201);
  };
  return new Hono<AppEnv>().post("/", handler);
}
