/**
 * The category tab bar under the header: All Categories, then one tab per category. It scrolls
 * horizontally; the left and right buttons step 200 px. Tabs are plain links, so choosing one
 * loads that category's page (its own URL, canonical and title) even before hydration.
 */
import { useEffect, useRef, useState } from "react";
import { CATEGORY_SCROLL_STEP_PX, SORT_EVENT, TEXT } from "../common/feed_rules.ts";

/** `sortBy`: the chosen sort (not the default), carried into each tab link so it survives. */
type Props = { categories: { name: string; slug: string }[]; active: string | null; sortBy?: string | null };

const tab = "shrink-0 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors";

export default function CategoryTabs({ categories, active, sortBy: firstSort = null }: Props) {
  const [sortBy, setSortBy] = useState(firstSort);
  useEffect(() => {
    const onSort = (e: Event) => setSortBy((e as CustomEvent<string | null>).detail);
    addEventListener(SORT_EVENT, onSort);
    return () => removeEventListener(SORT_EVENT, onSort);
  }, []);
  const href = (slug: string | null) => {
    const u = new URLSearchParams();
    if (slug) u.set("category", slug);
    if (sortBy) u.set("sortBy", sortBy);
    const s = u.toString();
    return s ? `/?${s}` : "/";
  };
  const strip = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: true });

  const update = () => {
    const el = strip.current;
    if (!el) return;
    setEdges({ left: el.scrollLeft > 0, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  };
  useEffect(() => {
    update();
    strip.current?.querySelector("[aria-current]")?.scrollIntoView({ block: "nearest", inline: "center" });
    addEventListener("resize", update);
    return () => removeEventListener("resize", update);
  }, []);

  const step = (dir: number) => strip.current?.scrollBy({ left: dir * CATEGORY_SCROLL_STEP_PX, behavior: "smooth" });
  const arrow =
    "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-neutral-800/95 px-2.5 py-1 text-neutral-200 shadow hover:bg-neutral-700 disabled:hidden";

  return (
    <nav aria-label="Categories" className="relative">
      <button
        type="button"
        className={`${arrow} left-0`}
        onClick={() => step(-1)}
        disabled={!edges.left}
        aria-label="Scroll categories left"
      >
        ‹
      </button>
      <div ref={strip} onScroll={update} className="no-scrollbar flex gap-2 overflow-x-auto scroll-smooth px-8 py-1">
        <a
          href={href(null)}
          aria-current={active === null ? "page" : undefined}
          className={`${tab} ${active === null ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"}`}
        >
          All Categories
        </a>
        {categories.map((c) => (
          <a
            key={c.slug}
            href={href(c.slug)}
            aria-current={active === c.slug ? "page" : undefined}
            className={`${tab} ${active === c.slug ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"}`}
          >
            {c.name}
          </a>
        ))}
        {categories.length === 0 && <span className="px-3 py-1.5 text-sm text-neutral-500">{TEXT.noCategories}</span>}
      </div>
      <button
        type="button"
        className={`${arrow} right-0`}
        onClick={() => step(1)}
        disabled={!edges.right}
        aria-label="Scroll categories right"
      >
        ›
      </button>
    </nav>
  );
}
