import { FILTER_LABELS, FORUM_FILTERS, FORUM_SORTS, type ForumFilter, type ForumSort, SORT_LABELS } from "../../../common/forum_rules.ts";

type Props = {
  search: string;
  setSearch: (q: string) => void;
  /** The viewed category's slug, carried by the form when it is sent without script. */
  categorySlug: string | null;
  sort: ForumSort;
  filter: ForumFilter;
  change: (next: { sort?: ForumSort; filter?: ForumFilter }) => void;
  signedIn: boolean;
  isAdmin: boolean;
  newThread: () => void;
  newSticky: () => void;
};

/**
 * The main column's controls (spec part 2 §2): search over the loaded threads, Sort, Filter, New
 * Thread and, for admins, Sticky Thread. Sort and Filter are a GET form, so without script the
 * Apply button loads the same view from the address.
 */
export function ForumToolbar(props: Props) {
  const { sort, filter, change } = props;
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={props.search}
          onChange={(e) => props.setSearch(e.target.value)}
          placeholder="Search threads…"
          aria-label="Search threads"
          className="field min-w-0 flex-1 basis-56"
        />
        <button
          type="button"
          className="btn-primary"
          onClick={props.signedIn ? props.newThread : undefined}
          popoverTarget={props.signedIn ? undefined : "login-required"}
          data-login-action="start a thread"
          data-testid="new-thread"
        >
          + New Thread
        </button>
        {props.isAdmin && (
          <button
            type="button"
            className="btn-secondary border-amber-500/50 text-amber-200"
            onClick={props.newSticky}
            data-testid="new-sticky"
          >
            Sticky Thread
          </button>
        )}
      </div>
      <form method="get" action="/forum" className="grid grid-cols-2 gap-2 sm:flex sm:items-center" onSubmit={(e) => e.preventDefault()}>
        {props.categorySlug && <input type="hidden" name="category" value={props.categorySlug} />}
        <label className="flex min-w-0 items-center gap-2 text-sm text-neutral-400">
          Sort
          <select
            name="sort"
            value={sort}
            onChange={(e) => change({ sort: e.target.value as ForumSort })}
            className="field min-w-0 sm:w-auto"
          >
            {FORUM_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </label>
        <label className="flex min-w-0 items-center gap-2 text-sm text-neutral-400">
          Filter
          <select
            name="filter"
            value={filter}
            onChange={(e) => change({ filter: e.target.value as ForumFilter })}
            className="field min-w-0 sm:w-auto"
          >
            {FORUM_FILTERS.map((f) => <option key={f} value={f}>{FILTER_LABELS[f]}</option>)}
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn-secondary">Apply</button>
        </noscript>
      </form>
    </div>
  );
}
