/**
 * The home feed (spec part 1 §2 "Home page", §4 "Feed"): the Featured Video, the Sort menu and
 * the grid. The first page arrives server-rendered in the props; further pages load when the
 * bottom sentinel comes into view, appending only items not already shown.
 */
import { Component, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { type CardItem, toCardItem } from "../components/ui/MediaCard.tsx";
import { columnsFor, interleave, LAZY_MARGIN_PX, pageSize, type Sort, SORT_EVENT, SORT_OPTIONS, TEXT } from "../common/feed_rules.ts";
import type { FeedResponse } from "../common/api_types.ts";
import { api } from "../components/ui/api.ts";
import { LoadingBlock } from "../components/ui/Spinner.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { hides, MUTE_EVENT, type MuteEvent, ownItem, useMuted } from "../components/ui/card_mutes.ts";

export type FeedPage = { items: CardItem[]; adPositions: number[] };

export type FeedProps = {
  featured: CardItem | null;
  first: FeedPage;
  hasMore: boolean;
  /** The column count the first page was sized for; later pages keep it until a reset. */
  columns: number;
  category: string | null;
  seed: string | null;
  /** The explicit sort of the server render (`?sortBy=`), null for the default view. */
  sort?: Sort | null;
  signedIn: boolean;
  /** The signed-in viewer's username: their own cards offer no "Mute @themselves". */
  viewerName?: string | null;
  adClientId: string | null;
  /** The Following tab (issue 32): the followed members' items, newest published first; no sort menu. */
  following?: boolean;
  /** A tag page (issue 43 point 1): the tag's items, in the chosen sort. */
  tag?: string | null;
};

type Status = "idle" | "loading" | "error";

export default function Feed(props: FeedProps) {
  return (
    <FeedErrorBoundary>
      <FeedBody {...props} />
    </FeedErrorBoundary>
  );
}

/**
 * The featured card at tablet width and up: the media beside the text, so on a 1440x900 screen
 * the first row of the feed still shows above the fold (on phones it stacks like any card).
 */
const FEATURED_WIDE = "md:flex-row md:[&>:first-child]:w-96 md:[&>:first-child]:shrink-0 lg:[&>:first-child]:w-[26rem]";

function FeedBody({ viewerName, ...props }: FeedProps) {
  const {
    featured,
    first,
    hasMore: firstHasMore,
    columns: firstColumns,
    category,
    seed,
    sort: firstSort = null,
    signedIn,
    adClientId,
    following = false,
    tag = null,
  } = props;
  const mine = (item: CardItem) => ownItem(item, viewerName);
  const [sort, setSort] = useState<Sort | null>(seed ? null : firstSort);
  const [pages, setPages] = useState<FeedPage[]>([first]);
  const [hasMore, setHasMore] = useState(firstHasMore);
  const [status, setStatus] = useState<Status>("idle");
  const state = useRef({
    page: 1,
    columns: firstColumns,
    sort: (seed ? null : firstSort) as Sort | null,
    loading: false,
    generation: 0,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const muted = useMuted();
  const shown = useRef(pages);
  shown.current = pages;

  // A mute made here (issue 25) takes its items out of the server's order too: the pages loaded so
  // far now end further on in it, so the next load steps back as many pages as were cut from each
  // stream, or the items that moved up would be skipped (the load drops those already shown).
  useEffect(() => {
    const onMute = (e: Event) => {
      const { target, on } = (e as CustomEvent<MuteEvent>).detail;
      if (!on) return;
      const cut = shown.current.flatMap((p) => p.items).filter((i) => hides(target, i));
      const images = cut.filter((i) => i.contentType === "image").length;
      const size = pageSize(state.current.columns);
      const back = Math.max(Math.ceil((cut.length - images) / size.videos), Math.ceil(images / size.images));
      if (!back) return;
      state.current.page = Math.max(0, state.current.page - back);
      setHasMore(true);
    };
    addEventListener(MUTE_EVENT, onMute);
    return () => removeEventListener(MUTE_EVENT, onMute);
  }, []);

  // The seed parameter has done its job once the page shows: drop it from the address.
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.has("shuffleSeed") || url.searchParams.has("shuffle")) {
      url.searchParams.delete("shuffleSeed");
      url.searchParams.delete("shuffle");
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    }
  }, []);

  const load = useCallback(async (page: number) => {
    const s = state.current;
    if (s.loading) return;
    s.loading = true;
    if (page > 1) page = fitColumns(s, columnsFor(innerWidth)) + 1;
    const generation = s.generation;
    setStatus("loading");
    const params = new URLSearchParams({ page: String(page), columnCount: String(s.columns) });
    if (following) params.set("following", "true");
    else if (s.sort) params.set("sortBy", s.sort);
    else if (seed) params.set("shuffleSeed", seed);
    if (category && !following) params.set("category", category);
    if (tag) params.set("tag", tag);
    if (page === 1) params.set("timestamp", String(Date.now()));
    try {
      const res = await api<FeedResponse<CardItem>>(`/api/content/feed?${params}`);
      if (generation !== s.generation) return;
      const items = interleave(res.content.videos, res.content.images).map(toCardItem);
      setPages((prev) => {
        const seen = new Set(prev.flatMap((p) => p.items.map((i) => i.id)));
        if (featured) seen.add(featured.id);
        return [...prev, { items: items.filter((i) => !seen.has(i.id)), adPositions: res.content.adPositions }];
      });
      setHasMore(res.content.hasMore);
      s.page = page;
      setStatus("idle");
    } catch {
      if (generation === s.generation) setStatus("error");
    } finally {
      if (generation === s.generation) s.loading = false;
    }
  }, [category, seed, featured, following, tag]);

  // Further pages when the bottom indicator comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || status !== "idle") return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load(state.current.page + 1);
    }, { rootMargin: `${LAZY_MARGIN_PX * 2}px` });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, status, load, pages]);

  function changeSort(value: Sort) {
    const s = state.current;
    s.generation++;
    s.loading = false;
    s.sort = value;
    s.page = 0;
    s.columns = columnsFor(innerWidth);
    setSort(value);
    // The address and the category tabs keep the choice (a reload or a tab shows the same sort).
    const url = new URL(location.href);
    if (value === "trending") url.searchParams.delete("sortBy");
    else url.searchParams.set("sortBy", value);
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    dispatchEvent(new CustomEvent(SORT_EVENT, { detail: value === "trending" ? null : value }));
    setPages([]);
    setHasMore(true);
    load(1);
  }

  const retry = () => (pages.length === 0 ? load(1) : load(state.current.page + 1));
  const total = pages.reduce((n, p) => n + p.items.length, 0);
  let index = 0;

  return (
    <div className="flex flex-col gap-6">
      {featured && !muted(featured) && (
        <section aria-labelledby="featured-heading" className="mx-auto w-full max-w-4xl">
          <h2 id="featured-heading" className="mb-3 text-lg font-bold">Featured Video</h2>
          <CardCell
            as="div"
            item={featured}
            signedIn={signedIn}
            own={mine(featured)}
            eager
            variant="card"
            headingLevel="h3"
            opensViewer
            errorText={TEXT.featuredFailed}
            className={FEATURED_WIDE}
          />
        </section>
      )}
      <div className="flex items-center justify-end gap-3">
        <h2 className="sr-only">Content feed</h2>
        {
          /* The spec's Sort menu has exactly its five options; a shuffled default view is said beside it,
            with a way back to the plain trending order. */
        }
        {seed && sort === null && (
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            onClick={() => changeSort("trending")}
            data-testid="shuffled"
          >
            Shuffled <span aria-hidden="true">×</span>
            <span className="sr-only">: show the trending order</span>
          </button>
        )}
        {/* The Following tab has one order: newest published first. */}
        {following
          ? <p className="text-sm text-neutral-400">Newest first</p>
          : (
            <label className="flex items-center gap-2 text-sm text-neutral-300">
              Sort by
              <select
                value={sort ?? "trending"}
                onChange={(e) => changeSort(e.target.value as Sort)}
                aria-label="Sort by"
                className="rounded-lg border border-neutral-700 bg-neutral-900 px-2 py-1.5 text-sm text-neutral-100"
              >
                {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
            </label>
          )}
      </div>
      <ul className="later-rows grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="feed-grid">
        {pages.flatMap((p, pi) =>
          p.items.flatMap((item, i) => {
            const cells: ReactNode[] = [];
            if (adClientId && p.adPositions.includes(i)) cells.push(<AdSlot key={`ad-${pi}-${i}`} client={adClientId} />);
            if (!muted(item)) cells.push(<CardCell key={item.id} item={item} signedIn={signedIn} own={mine(item)} eager={index++ < 3} />);
            return cells;
          })
        )}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <FeedStatus status={status} empty={total === 0} hasMore={hasMore} onRetry={retry} />
    </div>
  );
}

/**
 * Later pages are asked for with the columns the screen has (spec part 1 §4; issue 36 point 7),
 * while the first came sized for the widest grid (SSR_COLUMNS) and a window may be turned or
 * resized since. Pages are offsets in units of the page size: the pages loaded so far are counted
 * again in the new size, rounded down, so the next page starts at or before the first item not yet
 * shown (the few it repeats are dropped as already present). Returns the count of loaded pages.
 */
function fitColumns(s: { page: number; columns: number }, columns: number): number {
  if (columns !== s.columns) {
    s.page = Math.floor((s.page * pageSize(s.columns).videos) / pageSize(columns).videos);
    s.columns = columns;
  }
  return s.page;
}

function FeedStatus({ status, empty, hasMore, onRetry }: { status: Status; empty: boolean; hasMore: boolean; onRetry: () => void }) {
  if (status === "loading") {
    return <LoadingBlock className="py-8" />;
  }
  if (status === "error") {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-neutral-300">{TEXT.failed}</p>
        <button type="button" className="btn-secondary" onClick={onRetry}>{TEXT.tryAgain}</button>
      </div>
    );
  }
  if (empty && !hasMore) return <p className="py-24 text-center text-neutral-400">{TEXT.empty}</p>;
  if (!hasMore) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-neutral-300">{TEXT.end}</p>
        <button type="button" className="btn-secondary" onClick={() => scrollTo({ top: 0, behavior: "smooth" })}>{TEXT.backToTop}</button>
      </div>
    );
  }
  return null;
}

declare global {
  var adsbygoogle: unknown[] | undefined;
}

/** The configured ad unit; the ad script is only on the page when AD_CLIENT_ID is set. */
function AdSlot({ client }: { client: string }) {
  useEffect(() => {
    try {
      (globalThis.adsbygoogle = globalThis.adsbygoogle ?? []).push({});
    } catch { /* an ad that fails must not break the feed */ }
  }, []);
  return (
    <li className="flex min-h-64 items-center justify-center overflow-hidden rounded-xl bg-neutral-900" data-testid="ad-slot">
      <ins
        className="adsbygoogle block h-full w-full"
        data-ad-client={client}
        data-ad-format="auto"
        data-full-width-responsive="true"
        data-adtest="off"
      />
    </li>
  );
}

class FeedErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-center">
        <h2 className="text-xl font-semibold">{TEXT.errorTitle}</h2>
        <p className="text-neutral-400">{TEXT.errorBody}</p>
        <button type="button" className="btn-primary" onClick={() => location.reload()}>{TEXT.reload}</button>
      </div>
    );
  }
}
