/** Gathers the admin overview (common/overview.ts): 30-day series, totals, storage and the queue. */
import type { Db } from "../../db/client.ts";
import {
  commentsPerDay,
  databaseBytes,
  DAY_MS,
  type DayCount,
  derivedFileBytes,
  jobCounts,
  likesPerDay,
  newMembersPerDay,
  reportsPerDay,
  siteTotals,
  uploadsPerDay,
  viewsPerDay,
} from "../../db/queries/overview.ts";
import { type Overview, OVERVIEW_DAYS, type OverviewFigure, type OverviewSeries } from "../../common/overview.ts";
import type { Config } from "../config.ts";
import { folderBytes } from "./disk_usage.ts";

/** Counts per day laid on the calendar: zero for the days nothing happened. */
function fill(rows: DayCount[], firstDay: number): number[] {
  const values = new Array(OVERVIEW_DAYS).fill(0);
  for (const { day, n } of rows) {
    const i = Number(day) - firstDay;
    if (i >= 0 && i < OVERVIEW_DAYS) values[i] = Number(n);
  }
  return values;
}

export async function loadOverview(db: Db, config: Config, now = Date.now()): Promise<Overview> {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - OVERVIEW_DAYS + 1;
  const since = firstDay * DAY_MS;
  const [members, uploads, views, likes, comments, reports, totals, thumbs, derived, jobs, dbBytes] = await Promise.all([
    newMembersPerDay(db, since),
    uploadsPerDay(db, since),
    viewsPerDay(db, since),
    likesPerDay(db, since),
    commentsPerDay(db, since),
    reportsPerDay(db, since),
    siteTotals(db),
    folderBytes(`${config.uploadsDir}/t`, now),
    derivedFileBytes(db),
    jobCounts(db),
    databaseBytes(db),
  ]);
  const series: OverviewSeries[] = [
    { key: "members", label: "New members", values: fill(members, firstDay) },
    { key: "uploads", label: "Uploads", values: fill(uploads, firstDay) },
    { key: "views", label: "Views", values: fill(views, firstDay) },
    { key: "likes", label: "Likes", values: fill(likes, firstDay) },
    { key: "comments", label: "Comments", values: fill(comments, firstDay) },
    { key: "reports", label: "Reports", values: fill(reports, firstDay) },
  ];
  const count = (label: string, value: number): OverviewFigure => ({ label, value, unit: "count" });
  const bytes = (label: string, value: number): OverviewFigure => ({ label, value, unit: "bytes" });
  return {
    days: Array.from({ length: OVERVIEW_DAYS }, (_, i) => new Date((firstDay + i) * DAY_MS).toISOString().slice(0, 10)),
    series,
    totals: [
      count("Members", totals.members),
      count("Items", totals.items),
      count("Waiting for review", totals.pending),
      count("Views", totals.views),
      count("Likes", totals.likes),
      count("Comments", totals.comments),
      count("Open reports", totals.openReports),
    ],
    system: [
      bytes("Originals", totals.originalBytes),
      bytes("Renditions", derived.renditions),
      bytes("Previews and posters", derived.previewsAndPosters),
      bytes("Thumbnails", thumbs),
      bytes("Database", dbBytes),
      count("Jobs waiting", jobs.waiting),
      count("Failed jobs", jobs.failed),
    ],
    generatedAt: new Date(now).toISOString(),
  };
}
