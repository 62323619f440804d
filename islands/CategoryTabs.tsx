/**
 * The category tab bar under the header: All Categories, then one tab per category. It scrolls
 * horizontally; the left and right buttons step 200 px. Tabs are plain links, so choosing one
 * loads that category's page (its own URL, canonical and title) even before hydration.
 */
import { useEffect, useRef, useState } from "react";
import { CATEGORY_SCROLL_STEP_PX, SORT_EVENT, TEXT } from "../common/feed_rules.ts";

/**
 * `sortBy`: the chosen sort (not the default), carried into each tab link so it survives. `following`: the
 * members' Following tab (issue 32) after All Categories, highlighted when true; visitors get none (null).
 */
type Props = { categories: { name: string; slug: string }[]; active: string | null; sortBy?: string | null; following?: boolean | null };

const tab = "shrink-0 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors";

export default function CategoryTabs({ categories, active, sortBy: firstSort = null, following = null }: Props) {
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
  // No gutter at the start, and no chip half-hidden under an arrow (issue 13 point 13): an arrow
  // shows only while there is somewhere to scroll, and the strip fades out to nothing beneath it.
  const arrow =
    "absolute top-1/2 z-10 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-neutral-800 text-neutral-100 shadow hover:bg-neutral-700";
  const left = edges.left ? "transparent 36px, #000 72px" : "#000";
  const right = edges.right ? "#000 calc(100% - 72px), transparent calc(100% - 36px)" : "#000";
  const fade = edges.left || edges.right ? `linear-gradient(to right, ${left}, ${right})` : undefined;

  return (
    <nav aria-label="Categories" className="relative">
      {edges.left && (
        <button type="button" className={`${arrow} left-0`} onClick={() => step(-1)} aria-label="Scroll categories left">
          <Chevron flip />
        </button>
      )}
      <div
        ref={strip}
        onScroll={update}
        className="no-scrollbar flex gap-2 overflow-x-auto scroll-smooth py-1"
        style={fade ? { maskImage: fade, WebkitMaskImage: fade } : undefined}
      >
        <a
          href={href(null)}
          aria-current={active === null ? "page" : undefined}
          className={`${tab} ${active === null ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"}`}
        >
          All Categories
        </a>
        {following !== null && (
          <a
            href="/following"
            aria-current={following ? "page" : undefined}
            className={`${tab} ${following ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"}`}
          >
            Following
          </a>
        )}
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
        {categories.length === 0 && <span className="px-3 py-1.5 text-sm text-neutral-400">{TEXT.noCategories}</span>}
      </div>
      {edges.right && (
        <button type="button" className={`${arrow} right-0`} onClick={() => step(1)} aria-label="Scroll categories right">
          <Chevron />
        </button>
      )}
    </nav>
  );
}

function Chevron({ flip }: { flip?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d={flip ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
