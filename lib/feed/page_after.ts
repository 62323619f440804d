/**
 * The search page's Next link after a mute made on the page (issue 25): the server's order is now
 * shorter, so "page N+1" would start later than the first item not yet seen and skip the ones that
 * moved up onto page N. The grid island (islands/SearchResults.tsx) then adds `after={last shown id}`
 * to its Next link, and the page starts right after that item in the viewer's current order.
 */
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { runSearchPage, SEARCH_PAGE_SIZE, type SearchParams, type SearchResult } from "./search.ts";

export const afterParam = z.string().regex(/^\d{1,9}$/, "after must be a whole number").transform(Number);

/** How many pages before the asked one the item may have moved to (a mute hiding more falls back to the plain page). */
const PAGES_BACK = 4;

/**
 * The SEARCH_PAGE_SIZE results after item `after` in the viewer's order, looked for on the pages
 * before `page` (where it was shown), or null when it is not there (then the plain page is shown).
 */
export async function searchPageAfter(
  db: Db,
  params: SearchParams,
  muted: Set<number>,
  after: number,
  page: number,
): Promise<SearchResult | null> {
  for (let k = page - 1; k >= Math.max(1, page - PAGES_BACK); k--) {
    const at = await runSearchPage(db, { ...params, page: k }, muted);
    const i = at.items.findIndex((item) => item.id === after);
    if (i < 0) continue;
    const items = at.items.slice(i + 1);
    if (!at.hasNext) return { ...at, items, hasNext: false };
    const next = await runSearchPage(db, { ...params, page: k + 1 }, muted);
    const need = SEARCH_PAGE_SIZE - items.length;
    return { ...next, items: [...items, ...next.items.slice(0, need)], hasNext: next.hasNext || next.items.length > need };
  }
  return null;
}
