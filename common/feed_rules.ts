/** The feed's constants (spec part 1 §4 and §9), shared by the server and the feed island. */

/** The Sort menu (spec part 1 §4 and §9: oldest, newest, most-viewed, trending (default), popular). */
export const SORTS = ["oldest", "newest", "most-viewed", "trending", "popular"] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = "trending";
const SORT_LABELS: Record<Sort, string> = {
  oldest: "Oldest",
  newest: "Newest",
  "most-viewed": "Most Viewed",
  trending: "Trending",
  popular: "Popular",
};
export const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
/** A time value plus a random string, as the spec's global shuffle seed (matches SEED_RE in lib/feed/feed.ts). */
export function newShuffleSeed(): string {
  const random = crypto.getRandomValues(new Uint8Array(4));
  return `${Date.now().toString(36)}${Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Window event the feed raises when the sort changes (detail: the sort, null for the default). */
export const SORT_EVENT = "dr:sort";

/** Column count: 3 at width 1536 or more, 2 at 1024 or more, otherwise 1. */
export function columnsFor(width: number): 1 | 2 | 3 {
  return width >= 1536 ? 3 : width >= 1024 ? 2 : 1;
}

/**
 * Page size. A page is one chunk of the spec: 4 videos (video and embed items) and 2 images
 * per column. Laid out in N columns that is 6 rows of cards whatever N is, and a card row is
 * about a third of a screen tall at every breakpoint (16:9 thumbnail plus two lines), so a page
 * fills about two screens: the next page is asked for well before the reader reaches the end.
 */
export function pageSize(columns: number) {
  return { videos: 4 * columns, images: 2 * columns };
}

/** The server renders the first page for the widest grid; later pages keep that size. */
export const SSR_COLUMNS = 3;

/**
 * Card order within a page: two videos then one image, repeated (the 4:2 chunk ratio spread
 * evenly so images never bunch up at the end of a page).
 */
export function interleave<T>(videos: T[], images: T[]): T[] {
  const out: T[] = [];
  let v = 0, i = 0;
  while (v < videos.length || i < images.length) {
    if (v < videos.length) out.push(videos[v++]);
    if (v < videos.length) out.push(videos[v++]);
    if (i < images.length) out.push(images[i++]);
  }
  return out;
}

/** One ad slot per page, after the third row: the index in the page's interleaved card list. */
export function adPositionsFor(cardCount: number, columns: number, adsEnabled: boolean): number[] {
  const at = 3 * columns;
  return adsEnabled && cardCount > at ? [at] : [];
}

export const TAGS_IN_FEED = 2;

/** Breakpoints: mobile <= 768 px, tablet <= 1024 px, desktop above. */
export type Device = "mobile" | "tablet" | "desktop";
export function deviceFor(width: number): Device {
  return width <= 768 ? "mobile" : width <= 1024 ? "tablet" : "desktop";
}

/** Play start delay: 100 ms mobile, 150 ms tablet, 200 ms desktop. */
export const PLAY_DELAY_MS: Record<Device, number> = { mobile: 100, tablet: 150, desktop: 200 };

/** Intersection margin / play ratio: 30% / 0.6 on mobile, 25% / 0.5 on tablets. */
export const TARGET_ZONE: Record<Exclude<Device, "desktop">, { margin: number; ratio: number }> = {
  mobile: { margin: 0.3, ratio: 0.6 },
  tablet: { margin: 0.25, ratio: 0.5 },
};

/** Images load lazily when within 200 px of the view. */
export const LAZY_MARGIN_PX = 200;
export const CATEGORY_SCROLL_STEP_PX = 200;

export const TEXT = {
  failed: "Failed to load content",
  tryAgain: "Try Again",
  empty: "No content available",
  end: "You've reached the end!",
  backToTop: "Back to Top",
  errorTitle: "Something went wrong",
  errorBody: "Failed to load content feed",
  reload: "Reload Page",
  featuredFailed: "Failed to load featured video",
  noCategories: "No categories found",
  likeOk: "You liked this content",
  likeRemoved: "Like removed",
  likeAddFailed: "Error adding like",
  likeRemoveFailed: "Error removing like",
  likeRetry: "Please try again later.",
  likeFailed: "Something went wrong",
} as const;

/** The card's image when neither the stored thumbnail nor YouTube's stills load. */
export const PLACEHOLDER_THUMB = "/static/placeholder.svg";
