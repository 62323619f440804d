import type { CollectionSummary } from "../common/collection_rules.ts";
import { VISIBILITY_LABEL } from "../common/collection_rules.ts";

/**
 * A member's collections on their public profile (issue 32): the public ones, or all of them for
 * the member themself (with their visibility). Plain links: no script.
 */
export function CollectionList({ collections, own }: { collections: CollectionSummary[]; own: boolean }) {
  if (!collections.length) return null;
  return (
    <section id="collections" className="mt-10" aria-labelledby="collections-title">
      <h2 id="collections-title" className="mb-4 text-xl font-semibold">{own ? "Your collections" : "Collections"}</h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6" data-testid="profile-collections">
        {collections.map((c) => (
          <li key={c.id}>
            <a
              href={c.url}
              className="group block overflow-hidden rounded-xl border border-neutral-800 bg-neutral-900 hover:border-neutral-600"
            >
              <span className="relative block aspect-video bg-neutral-800">
                {c.cover && (
                  <img
                    src={c.cover}
                    alt=""
                    width={640}
                    height={360}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                )}
                <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold">
                  {`${c.itemCount} ${c.itemCount === 1 ? "item" : "items"}`}
                </span>
              </span>
              <span className="block p-3">
                <span className="block truncate text-sm font-semibold group-hover:text-orange-400">{c.title}</span>
                {own && <span className="block text-xs text-neutral-400">{VISIBILITY_LABEL[c.visibility]}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
