/** The admin dashboard's limits (spec part 2 §5 and §9); its Edit Video form is common/edit_rules.ts. */

export const REJECT_REASON_MAX = 500;
export const APPROVED_PAGE_SIZE = 20;
/** The Pending tab's page (the list is loaded whole, at most 500; "select all on this page" takes one page). */
export const PENDING_PAGE_SIZE = 50;

export const pageCount = (total: number, size = APPROVED_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
