/** Upload quotas (issue 41 point 3): the words the server's 413 and the pages use. Bytes; -1 is unlimited. */
export type Quota = { used: number; limit: number; dailyUsed: number; dailyLimit: number };

export const UNLIMITED = -1;

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1536 -> "1.5 KB" (binary steps, as the size limits count). */
export function formatBytes(n: number): string {
  let v = Math.max(0, n);
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  if (u === 0) return `${v} ${v === 1 ? "byte" : "bytes"}`;
  return `${v >= 100 || Number.isInteger(v) ? Math.round(v) : v.toFixed(1)} ${UNITS[u]}`;
}

export type QuotaKind = "total" | "daily";

export const QUOTA_MSG = {
  exceeded: (kind: QuotaKind, limit: number) =>
    kind === "total"
      ? `This upload would pass your upload quota of ${formatBytes(limit)}. Delete some of your uploads, or ask an admin for more room.`
      : `This upload would pass your daily upload quota of ${formatBytes(limit)}. Try again tomorrow.`,
  quotaInvalid: "A quota is a whole number of bytes, -1 for unlimited, or null for the site's default",
} as const;

/** "1.2 GB of 10 GB used" / "1.2 GB used (no limit)". */
export const quotaLine = (used: number, limit: number) =>
  limit === UNLIMITED ? `${formatBytes(used)} used (no limit)` : `${formatBytes(used)} of ${formatBytes(limit)} used`;

/** Share of a quota used, 0-100, for a bar (0 when unlimited). */
export const quotaPercent = (used: number, limit: number) =>
  limit === UNLIMITED ? 0 : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
