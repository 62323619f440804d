import { useEffect } from "react";
import { pageCount } from "../../../common/admin_rules.ts";

/**
 * Prev, "Page X of Y" and Next under a paged tab (spec part 2 §2: shown only when the total
 * exceeds one page). A change that empties the last page steps back to the new last one.
 */
export function Pager({ page, setPage, total, size, ready }: {
  page: number;
  setPage: (page: number) => void;
  total: number;
  size: number;
  /** The list has loaded (its total is known). */
  ready: boolean;
}) {
  const pages = pageCount(total, size);
  useEffect(() => {
    if (ready && page > pages) setPage(pages);
  }, [ready, page, pages]);
  if (total <= size) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Prev</button>
      <span data-testid="page-status">Page {page} of {pages}</span>
      <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
    </nav>
  );
}
