import { type ForumCategory, type ForumFilter, forumHref, type ForumSort } from "../../../common/forum_rules.ts";
import { formatCount } from "../../../common/format.ts";

type Props = {
  categories: ForumCategory[];
  categoryId: number | null;
  sort: ForumSort;
  filter: ForumFilter;
  totalThreads: number;
  /** Comments on every thread (issue 36 point 12; the spec's opened-thread count is decision 036's). */
  totalComments: number;
  activeUsers: number;
  /** With script, a category is chosen in place; without, its link loads that view. */
  choose: (categoryId: number | null) => void;
};

const fmt = formatCount;

/** The left column (spec part 2 §2): forum categories with counts plus All Categories, then the forum stats. */
export function ForumSidebar({ categories, categoryId, sort, filter, totalThreads, totalComments, activeUsers, choose }: Props) {
  const entries = [{ id: null, name: "All Categories", slug: null, count: totalThreads }, ...categories];
  return (
    <aside className="flex min-w-0 flex-col gap-3 lg:gap-4">
      <nav aria-label="Forum categories" className="rounded-xl border-neutral-800 bg-neutral-900 lg:border lg:p-3">
        <h2 className="mb-2 px-1 text-sm font-semibold uppercase tracking-wide text-neutral-400 max-lg:sr-only">Categories</h2>
        {/* One scrolling row below 1024 px, so the threads stay near the top of a phone's screen. */}
        <ul className="no-scrollbar -mx-1 flex gap-1.5 overflow-x-auto px-1 lg:flex-col lg:gap-0.5" data-testid="forum-categories">
          {entries.map((c) => {
            const active = c.id === categoryId;
            return (
              <li key={c.id ?? "all"} className="shrink-0">
                <a
                  href={forumHref({ category: c.slug, sort, filter })}
                  aria-current={active ? "page" : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    choose(c.id);
                  }}
                  className={`flex items-center justify-between gap-3 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm ${
                    active
                      ? "bg-orange-500 font-semibold text-black"
                      : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700 lg:bg-transparent"
                  }`}
                >
                  <span>{c.name}</span>
                  <span className={`tabular-nums text-xs ${active ? "text-black/70" : "text-neutral-400"}`}>{fmt(c.count)}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="forum-stats-title" className="rounded-xl border border-neutral-800 bg-neutral-900 px-4 py-2 lg:p-4">
        <h2 id="forum-stats-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-neutral-400 max-lg:sr-only">
          Forum Stats
        </h2>
        <dl className="grid grid-cols-3 gap-2 text-center lg:grid-cols-1 lg:text-left" data-testid="forum-stats">
          {[["Total Threads", totalThreads], ["Comments", totalComments], ["Active Users", activeUsers]].map(([label, value]) => (
            <div key={label} className="flex flex-col lg:flex-row lg:items-center lg:justify-between">
              <dt className="text-xs text-neutral-400">{label}</dt>
              <dd className="font-semibold tabular-nums" data-stat={label}>{fmt(value as number)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </aside>
  );
}
