/** The admin overview's figures (spec part 2 §7 grows an Overview tab, issue 26): what the server sends, what the tab shows. */

/** How many days the daily series cover. */
export const OVERVIEW_DAYS = 30;

export type OverviewSeries = {
  key: "members" | "uploads" | "views" | "likes" | "comments" | "reports";
  /** "New members", "Uploads", ...: the chart's title. */
  label: string;
  /** One count per day, oldest first, OVERVIEW_DAYS of them; the last is today (UTC). */
  values: number[];
};

export type OverviewFigure = { label: string; value: number; unit: "count" | "bytes" };

export type Overview = {
  /** The UTC dates of the series, YYYY-MM-DD, oldest first. */
  days: string[];
  series: OverviewSeries[];
  /** Site totals (members, items, views...). */
  totals: OverviewFigure[];
  /** Storage (originals, thumbnails, renditions when they exist, the database) and the job queue when it exists. */
  system: OverviewFigure[];
  generatedAt: string;
};

/** The database replica on the overview (issue 37): Litestream's state, `off` without REPLICA_URL. Times are ISO strings. */
export type ReplicaOverview = {
  state: "ok" | "lagging" | "down" | "off";
  syncedAt: string | null;
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: string | null;
};

/** "2026-11-27T10:00:05.123Z" -> "2026-11-27 10:00:05 UTC". */
export const utcTime = (iso: string) => `${iso.slice(0, 19).replace("T", " ")} UTC`;

const UNITS = ["bytes", "KB", "MB", "GB", "TB"];

/** 1536 -> "1.5 KB" (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i++;
  }
  if (i === 0) return `${n} ${n === 1 ? "byte" : "bytes"}`;
  return `${n < 10 ? n.toFixed(1) : Math.round(n)} ${UNITS[i]}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-11-03" -> "Nov 3". */
export const shortDay = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;
