/**
 * Reports of comments and forum posts (issue 34 points 1 and 2, decision 032), kept as items'
 * are: one open report per reporter and post (409 for a second), and a post that as many members
 * as REPORT_HIDE_THRESHOLD report is hidden until an admin decides. Only some reports count toward
 * it (issue 42 point 1, decision 039: `reportCounts`); the others are kept and listed with their
 * reporter's account age and verification, or a few fresh accounts could hide any post. Whether a
 * report counted is kept on it: dismissing it takes off the count exactly what it added; dismissing
 * all of them shows the post again.
 */
import type { Tx } from "../../db/client.ts";
import {
  dropItemReporter,
  findOpenItemReport,
  findOpenPostReport,
  findOpenPostReportById,
  insertPostReport,
  type ReportRow,
  resolveItemReport,
  resolvePostReport,
  resolvePostReports,
} from "../../db/queries/post_reports.ts";
import { addPostReporter, dropPostReporter, type PostRow, setPostStatus } from "../../db/queries/posts.ts";
import type { reports } from "../../db/schema/mod.ts";
import { MEDIA_MSG } from "../../common/media_rules.ts";
import { MODERATION_MSG, type ReportView } from "../../common/moderation.ts";
import { conflict, notFound } from "../http_error.ts";

/** A member's report has the reporter key "u:{id}"; a visitor's a keyed hash of the address. */
const byMember = (reporterKey: string) => reporterKey.startsWith("u:");

/** The reporter as far as counting goes: the signed-in member, or null for a visitor. */
export type Reporter = { id: number; createdAt: number; emailVerified: boolean } | null;

/**
 * Whether a report counts toward REPORT_HIDE_THRESHOLD (issue 42 point 1): only a member with a
 * verified email whose account is at least `minAgeMs` old, and never the owner of what is reported
 * (a visitor, a fresh or unverified account and the owner are listed for admins all the same).
 */
export function reportCounts(reporter: Reporter, ownerId: number | null, minAgeMs: number, now = Date.now()): boolean {
  return reporter !== null && reporter.emailVerified && now - reporter.createdAt >= minAgeMs && reporter.id !== ownerId;
}

export type NewReport = {
  userId: number | null;
  reporterKey: string;
  reason: typeof reports.$inferInsert.reason;
  details: string | null;
  counts: boolean;
};

/** Stores the report; whether the post is hidden after it. */
export async function reportPost(tx: Tx, post: PostRow, report: NewReport, hideAt: number): Promise<{ id: number; hidden: boolean }> {
  if (await findOpenPostReport(tx, post, report.reporterKey)) throw conflict(MEDIA_MSG.alreadyReported);
  const id = await insertPostReport(tx, post, report);
  if (!report.counts) return { id, hidden: post.status === "hidden" };
  const reporters = await addPostReporter(tx, post);
  if (reporters >= hideAt && post.status === "shown") {
    await setPostStatus(tx, post, "hidden");
    return { id, hidden: true };
  }
  return { id, hidden: post.status === "hidden" };
}

/** Dismisses one open report of the post (404 when it has no such open report); whether the post stays hidden. */
export async function dismissPostReport(tx: Tx, post: PostRow, reportId: number, hideAt: number): Promise<boolean> {
  const report = await findOpenPostReportById(tx, post, reportId);
  if (!report) throw notFound(MODERATION_MSG.reportNotFound);
  await resolvePostReport(tx, report.id);
  if (!report.counts) return post.status === "hidden";
  const reporters = await dropPostReporter(tx, post);
  if (post.status === "hidden" && reporters < hideAt) {
    await setPostStatus(tx, post, "shown");
    return false;
  }
  return post.status === "hidden";
}

/** Dismisses every open report of the post and shows it again if reports hid it; how many were open. */
export async function dismissPostReports(tx: Tx, post: PostRow): Promise<number> {
  const resolved = await resolvePostReports(tx, post);
  await setPostStatus(tx, post, post.status === "hidden" ? "shown" : post.status, 0);
  return resolved;
}

/** Dismisses one open report of an item (404 when it has no such open report); whether the item stays hidden. */
export async function dismissItemReport(tx: Tx, mediaId: number, reportId: number, hideAt: number, at: number): Promise<boolean | null> {
  const report = await findOpenItemReport(tx, mediaId, reportId);
  if (!report) throw notFound(MODERATION_MSG.reportNotFound);
  await resolveItemReport(tx, report.id);
  return report.counts ? await dropItemReporter(tx, mediaId, hideAt, at) : null;
}

/**
 * A report as the Reported tab shows it: the reporter's name, or null with `visitor` for a visitor's
 * report; whether it counts toward hiding, and the reporter's account age when they reported and
 * whether their email is verified (issue 42 point 1), so an admin sees a wave of fresh accounts; a
 * Flag from the fediverse (issue 40) names its remote reporter.
 */
export const toReportView = (r: ReportRow): ReportView => {
  const member = r.userId !== null && r.username !== null;
  return {
    id: r.id,
    reason: r.reason,
    details: r.details,
    reporter: member ? { id: r.userId!, username: r.username! } : null,
    visitor: !byMember(r.reporterKey) && !r.remoteHandle,
    counts: r.counts,
    reporterAgeHours: member && r.reporterCreatedAt !== null
      ? Math.max(0, Math.floor((r.createdAt - r.reporterCreatedAt) / 3_600_000))
      : null,
    reporterVerified: member ? r.reporterVerified : null,
    createdAt: new Date(r.createdAt).toISOString(),
    ...(r.remoteHandle ? { remote: { handle: r.remoteHandle, url: webUrlOr(r.remoteUrl) } } : {}),
  };
};

/** A remote profile address linked only when it is a web address (never `javascript:`). */
const webUrlOr = (url: string | null | undefined) => (url && (url.startsWith("https://") || url.startsWith("http://")) ? url : "#");

/** Reports grouped by what they report, as views. */
export function reportsByTarget(rows: ReportRow[]): Map<number, ReportView[]> {
  const out = new Map<number, ReportView[]>();
  for (const r of rows) out.set(r.targetId, [...(out.get(r.targetId) ?? []), toReportView(r)]);
  return out;
}
