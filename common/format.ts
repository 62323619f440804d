/**
 * The one formatter for each job both the server and the islands do: durations, tags, dates and
 * relative times. Dates are formatted in UTC with the en-US calendar, so a server-rendered text
 * and the island that hydrates over it agree whatever the visitor's time zone.
 */

const NO_VALUE = "—";

/** A duration worth a badge: a positive number of seconds. */
export const hasDuration = (seconds: number | null | undefined): seconds is number =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0;

/**
 * `m:ss` (spec part 2 §7, Pending Review: "m:ss, or a dash if absent"); the minutes keep counting
 * past an hour, as uploads are at most 15 minutes long (spec part 1 §5).
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The tags of the spec's comma-separated string: trimmed, a leading `#` dropped (the pages add
 * their own), empties and repeats removed.
 */
export function splitTags(tags: string | null | undefined): string[] {
  return [...new Set((tags ?? "").split(",").map((t) => t.trim().replace(/^#+/, "").trim()).filter(Boolean))];
}

/** The stored form of a tags field: the tags of `splitTags`, joined with ", ". */
export const normaliseTags = (tags: string | null | undefined): string => splitTags(tags).join(", ");

/**
 * A tag (or AI generator) as mutes compare it (issue 25), the one folding both sides use: without a
 * leading `#`, trimmed, NFC, lower case by Unicode's rules ("Élan" and "ÉLAN" fold to "élan"), where
 * SQLite's lower() folds ASCII only (docs/decisions/026-mutes-in-sql.md).
 */
export const foldTag = (s: string | null | undefined): string => (s ?? "").replace(/^#+/, "").trim().normalize("NFC").toLowerCase();

const counts = new Intl.NumberFormat("en-US");

/**
 * A count with thousands separators ("12,345"), what `n.toLocaleString("en-US")` gives, from one
 * kept formatter: toLocaleString makes a new one on every call (31 µs here against 1 µs).
 */
export const formatCount = (n: number): string => counts.format(n);

const DATE_STYLES = {
  /** "March 14, 2025": the media page. */
  long: { year: "numeric", month: "long", day: "numeric" },
  /** "Mar 14, 2025": comments and cards. */
  short: { year: "numeric", month: "short", day: "numeric" },
  /** "3/14/2025": the admin tables. */
  numeric: { year: "numeric", month: "numeric", day: "numeric" },
  /** "March 2025": a profile's "Member since". */
  monthYear: { year: "numeric", month: "long" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();

/** A calendar date (UTC, en-US), or a dash when there is none or it is not a date. */
export function formatDate(iso: string | number | null | undefined, style: DateStyle = "long"): string {
  if (iso === null || iso === undefined || iso === "") return NO_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  let format = dateFormats.get(style);
  if (!format) dateFormats.set(style, format = new Intl.DateTimeFormat("en-US", { ...DATE_STYLES[style], timeZone: "UTC" }));
  return format.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A moment to the minute, said as UTC ("March 14, 2025 at 09:05 UTC"): a ban's end, an audit entry's time. */
export function formatDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === "") return NO_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return `${dateTimeFormat.format(date)} UTC`;
}

const UNITS = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const;

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago"... for a past moment; a moment in the
 * future (a clock ahead of ours) reads "just now".
 */
export function formatRelativeTime(iso: string | number, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return NO_VALUE;
  const seconds = Math.floor((now - then) / 1000);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) {
      if (unit === "day" && n === 1) return "yesterday";
      return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "just now";
}
