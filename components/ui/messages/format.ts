import { useEffect, useState } from "react";

/**
 * False during the server render and the hydrating render, true after: dates are first drawn in
 * UTC (identical on both sides, so hydration matches), then in the reader's own time zone.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const zone = (local: boolean) => (local ? {} : { timeZone: "UTC" });

/** A message's time: "14:02" today, "Mar 5, 14:02" this year, "Mar 5, 2024, 14:02" before. */
export function messageTime(iso: string, local: boolean, now = new Date()): string {
  const d = new Date(iso);
  const opts: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hour12: false, ...zone(local) };
  const day = (x: Date) => x.toLocaleDateString("en-US", zone(local));
  if (day(d) === day(now)) return d.toLocaleTimeString("en-US", opts);
  const sameYear = d.toLocaleDateString("en-US", { year: "numeric", ...zone(local) }) ===
    now.toLocaleDateString("en-US", { year: "numeric", ...zone(local) });
  return d.toLocaleString("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), ...opts });
}

/** The conversation list's date: the time today, otherwise the day. */
export function listDate(iso: string, local: boolean, now = new Date()): string {
  const d = new Date(iso);
  const day = (x: Date) => x.toLocaleDateString("en-US", zone(local));
  if (day(d) === day(now)) return d.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false, ...zone(local) });
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", ...zone(local) });
}

/** An unread count as a badge shows it. */
export const badgeCount = (n: number) => (n > 99 ? "99+" : String(n));
