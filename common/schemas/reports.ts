/** `POST /api/reports` (and `/api/report`; spec part 1 §3, §7) and the report dialog. */
import * as z from "zod/mini";
import { MEDIA_MSG, REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "../media_rules.ts";

const trimmed = (max: number, message?: string) =>
  z.pipe(z.nullish(z.string().check(z.maxLength(max, message))), z.transform((v) => (v ?? "").trim()));

/** Required, then one of the five reasons. */
const reason = z.pipe(
  trimmed(100),
  z.pipe(
    z.string().check(z.minLength(1, MEDIA_MSG.reasonRequired)),
    z.enum(REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]], MEDIA_MSG.reasonUnknown),
  ),
);
const details = z.pipe(
  trimmed(REPORT_DETAILS_MAX * 2, MEDIA_MSG.detailsLong),
  z.string().check(z.maxLength(REPORT_DETAILS_MAX, MEDIA_MSG.detailsLong)),
);

export const reportSchema = z.object({
  videoId: z.union([z.number(), z.string().check(z.maxLength(20))], "videoId is required"),
  reason,
  details,
  userId: z.nullish(z.union([z.number(), z.string().check(z.maxLength(20))])),
});

/**
 * `POST /api/videos/{id}/comments/{commentId}/report`, `POST /api/forum/threads/{id}/report` and
 * `POST /api/forum/threads/{id}/comments/{commentId}/report` (issue 34): the item report's reasons
 * and limits; the path names what is reported.
 */
export const postReportSchema = z.object({ reason, details });
