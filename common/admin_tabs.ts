import type { Role } from "./roles.ts";

/**
 * The admin area's sections (spec part 2 §2's five tabs, after an Overview, decision 036; issue 34's
 * Held and Log; issue 41's Categories): the dashboard island shows all but the Log as tabs in place,
 * the Log is a page rendered on the server (`/admin/log`), and the pages outside the island link back
 * to each tab. The third field is who sees the tab (issue 41 point 4, decision 044): "moderator" tabs
 * are the queues moderators work, "admin" tabs the site's own settings and figures.
 */
export const ADMIN_TABS = [
  ["overview", "Overview", "admin"],
  ["pending", "Pending Review", "moderator"],
  ["reported", "Reported", "moderator"],
  ["held", "Held", "moderator"],
  ["users", "Users", "moderator"],
  ["featured", "Featured", "admin"],
  ["approved", "Approved", "admin"],
  // Issue 41: the sign-ups waiting for approval with the invite codes (moderators approve; invites stay admin-only in the API),
  // the site's settings and its categories.
  ["signups", "Sign-ups", "moderator"],
  ["settings", "Settings", "admin"],
  ["categories", "Categories", "admin"],
  ["federation", "Federation", "admin"],
  ["log", "Log", "admin"],
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const isAdminTab = (value: unknown): value is AdminTab => ADMIN_TABS.some(([key]) => key === value);

/** The tabs `role` may use, in order (none for members). */
export const tabsFor = (role: Role) => ADMIN_TABS.filter(([, , who]) => role === "admin" || (role === "moderator" && who === "moderator"));

/** Whether `role` may open `tab`. */
export const mayOpenTab = (role: Role, tab: AdminTab) => tabsFor(role).some(([key]) => key === tab);

/** The tab the dashboard opens on for `role`. */
export const firstTab = (role: Role): AdminTab => (role === "admin" ? "overview" : "pending");

/** Where a tab is: the dashboard opened on it, or the Log's own page. */
export const adminTabHref = (tab: AdminTab) => (tab === "log" ? "/admin/log" : tab === "overview" ? "/admin" : `/admin?tab=${tab}`);
