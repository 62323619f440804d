/** The home page's "Continue watching" row for members (issue 43 point 5): unfinished videos, newest watched first. */
import { formatDuration } from "../common/format.ts";
import type { ContinueItem } from "../common/history_rules.ts";

export function ContinueWatching({ items }: { items: ContinueItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="continue-title" className="mb-6" data-testid="continue-watching">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="continue-title" className="text-lg font-bold">Continue watching</h2>
        <a href="/history" className="text-sm text-neutral-400 underline hover:text-neutral-200">History</a>
      </div>
      <ul className="no-scrollbar flex gap-3 overflow-x-auto pb-1">
        {items.map((i) => (
          <li key={i.id} className="w-44 shrink-0 sm:w-56">
            <a href={`/media/${i.slug}`} className="group block">
              <span className="relative block overflow-hidden rounded-lg bg-neutral-800">
                <img src={i.thumbnail} alt="" width={320} height={180} loading="lazy" className="aspect-video w-full object-cover" />
                {i.duration
                  ? (
                    <span className="absolute inset-x-0 bottom-0 h-1 bg-neutral-700" aria-hidden="true">
                      <span
                        className="block h-full bg-orange-500"
                        style={{ width: `${Math.min(100, (i.seconds / i.duration) * 100).toFixed(1)}%` }}
                      />
                    </span>
                  )
                  : null}
              </span>
              <span className="mt-1 block truncate text-sm font-semibold group-hover:underline">{i.title}</span>
              <span className="block text-xs text-neutral-400">
                {`${formatDuration(Math.floor(i.seconds))}${i.duration ? ` of ${formatDuration(i.duration)}` : ""}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
