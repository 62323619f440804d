/**
 * Dispatched on `window` by the admin dashboard with the counts its tabs show (`AdminCounts`);
 * the account menu's badge follows (issue 27 point 12). Its own file: the account menu ships on
 * every member's page and must not bring the admin rules (and zod) with it.
 */
export const ADMIN_COUNTS_EVENT = "dr:admin-counts";
