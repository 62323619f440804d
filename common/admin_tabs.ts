/**
 * The admin area's sections (spec part 2 §2's five tabs, after an Overview, decision 036; issue 34's
 * Held and Log): the dashboard island shows the first seven as tabs in place, the Log is a page
 * rendered on the server (`/admin/log`), and the pages outside the island link back to each tab.
 */
export const ADMIN_TABS = [
  ["overview", "Overview"],
  ["pending", "Pending Review"],
  ["reported", "Reported"],
  ["held", "Held"],
  ["users", "Users"],
  ["featured", "Featured"],
  ["approved", "Approved"],
  // Issue 41: the sign-ups waiting for approval with the invite codes, and the site's settings.
  ["signups", "Sign-ups"],
  ["settings", "Settings"],
  ["federation", "Federation"],
  ["log", "Log"],
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const isAdminTab = (value: unknown): value is AdminTab => ADMIN_TABS.some(([key]) => key === value);

/** Where a tab is: the dashboard opened on it, or the Log's own page. */
export const adminTabHref = (tab: AdminTab) => (tab === "log" ? "/admin/log" : tab === "overview" ? "/admin" : `/admin?tab=${tab}`);
