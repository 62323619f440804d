import { Hono } from "hono";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { Island } from "../../components/Island.tsx";
import { toCardItem } from "../../components/ui/MediaCard.tsx";
import SearchResults from "../../islands/SearchResults.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { HttpError } from "../../lib/http_error.ts";
import { log } from "../../lib/log.ts";
import { cachedCategories } from "../../lib/feed/feed.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { collapseWhitespace, MAX_QUERY, runSearchPage, searchParams, type SearchResult } from "../../lib/feed/search.ts";
import { parseOr400, queryParams } from "../../lib/validate.ts";
import { afterParam, searchPageAfter } from "../../lib/feed/page_after.ts";

const TABS = [
  { type: "", label: "All Content" },
  { type: "videos", label: "Videos" },
  { type: "images", label: "Images" },
  { type: "embeds", label: "Embeds" },
] as const;

const SUGGESTIONS = [
  "Check the spelling of your search terms",
  "Try fewer or more general words",
  "Search all content types or all categories",
  "Search for an AI generator such as Runway, Kling or Sora",
];

/** "1 result", "230 results", or "1,000+ results" past the counted window (decision 020). */
function resultCount({ total, more }: SearchResult): string {
  return `${total.toLocaleString("en-US")}${more ? "+" : ""} result${total === 1 && !more ? "" : "s"}`;
}

function searchHref(params: { q?: string; type?: string; category?: string; page?: number; after?: number }) {
  const u = new URLSearchParams();
  if (params.q) u.set("q", params.q);
  if (params.type) u.set("type", params.type);
  if (params.category) u.set("category", params.category);
  if (params.page && params.page > 1) u.set("page", String(params.page));
  if (params.after) u.set("after", String(params.after));
  const s = u.toString();
  return s ? `/search?${s}` : "/search";
}

/**
 * `/search?q=&type=&category=` (spec part 2 "Search page"): the query with its whitespace
 * collapsed (other forms redirect to it); an empty query shows the page without searching.
 */
/** The first MAX_QUERY characters, never half of a surrogate pair. */
const cutQuery = (q: string) => (q.length <= MAX_QUERY ? q : q.slice(0, MAX_QUERY).replace(/[\uD800-\uDBFF]$/, ""));

export const searchPage = new Hono<AppEnv>().get("/", async (c) => {
  const raw = queryParams(c);
  const rawQ = raw.q ?? "";
  // Longer than the field allows (only by editing the address): cut, as the header's box does (issue 27 point 11).
  const q = collapseWhitespace(cutQuery(collapseWhitespace(rawQ)));
  if (rawQ !== q) {
    const url = new URL(c.req.url);
    if (q) url.searchParams.set("q", q);
    else url.searchParams.delete("q");
    return c.redirect(url.pathname + url.search, 302);
  }
  // Links from elsewhere carry tracking parameters (utm_source, fbclid...): keep only ours.
  const known = Object.fromEntries(Object.entries(raw).filter(([k]) => k in searchParams.shape));
  const params = parseOr400(searchParams, known);
  // Set by the grid's Next link after a mute made on the page before (lib/feed/page_after.ts).
  const after = raw.after === undefined ? null : parseOr400(afterParam, raw.after);
  const type = TABS.find((t) => t.type && params.type && t.type.startsWith(params.type))?.type ?? "";
  const categories = await cachedCategories(c.var.db);
  const categoryRef = params.categoryId !== undefined ? String(params.categoryId) : raw.category ?? "";
  const category = categories.find((cat) => cat.slug === categoryRef || String(cat.id) === categoryRef) ?? null;

  const page = params.page ?? 1;
  let found: SearchResult = { items: [], total: 0, more: false, hasNext: false };
  let failed: 500 | null = null;
  let cursor: number | undefined;
  if (q) {
    try {
      const muted = await mutedIds(c.var.db, c.var.user?.id);
      const shifted = after !== null && page > 1 ? await searchPageAfter(c.var.db, params, muted, after, page) : null;
      found = shifted ?? await runSearchPage(c.var.db, params, muted);
      // A page cut from the order at an item goes on from its own last item, not from the page grid.
      if (shifted) cursor = shifted.items.at(-1)?.id;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      log.error("search failed", { requestId: c.var.requestId, error: err });
      failed = 500;
    }
  }
  const results = found.items;
  const tabClass = (active: boolean) =>
    `rounded-full px-3.5 py-1.5 text-sm font-medium ${
      active ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"
    }`;

  return renderPage(
    c,
    <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-bold">{q ? `Search results for "${q}"` : "Search"}</h1>
      <form action="/search" method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder="Search videos, images, prompts…"
          aria-label="Search query"
          // The phone's search icon leads here: typing goes straight into the field (issue 27 point 6).
          autoFocus={!q}
          className="field min-w-0 max-w-xl grow basis-full sm:basis-64"
        />
        {type && <input type="hidden" name="type" value={type} />}
        <label className="flex items-center gap-2 text-sm text-neutral-400">
          Category
          <select name="category" defaultValue={category?.slug ?? ""} className="field w-auto" aria-label="Category">
            <option value="">All Categories</option>
            {categories.map((cat) => <option key={cat.id} value={cat.slug}>{cat.name}</option>)}
          </select>
        </label>
        <button type="submit" className="btn-primary">Search</button>
      </form>
      <nav aria-label="Content type" className="mb-6 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <a
            key={t.label}
            href={searchHref({ q, type: t.type, category: category?.slug })}
            aria-current={t.type === type ? "page" : undefined}
            className={tabClass(t.type === type)}
          >
            {t.label}
          </a>
        ))}
      </nav>
      {failed !== null
        ? <p className="py-16 text-center text-red-300" role="alert">Search request failed with status {failed}</p>
        : !q
        ? (
          <p className="py-16 text-center text-neutral-400">
            Type what you are looking for: a title, a prompt, a tag, an AI generator or an uploader.
          </p>
        )
        : results.length === 0
        ? (
          <div className="mx-auto max-w-lg py-16 text-center">
            <h2 className="mb-3 text-xl font-semibold">No results found</h2>
            <ul className="space-y-1 text-sm text-neutral-400">
              {SUGGESTIONS.map((s) => <li key={s}>{s}</li>)}
            </ul>
          </div>
        )
        : (
          <>
            <p className="mb-3 text-sm text-neutral-400">
              {resultCount(found)}
              {page > 1 && ` (page ${page})`}
            </p>
            <Island
              name="SearchResults"
              component={SearchResults}
              props={{
                items: results.map(toCardItem),
                signedIn: !!c.var.user,
                viewerName: c.var.user?.username ?? null,
                prev: page > 1 ? searchHref({ q, type, category: category?.slug, page: page - 1 }) : null,
                next: found.hasNext ? searchHref({ q, type, category: category?.slug, page: page + 1, after: cursor }) : null,
              }}
            />
          </>
        )}
    </section>,
    {
      status: failed ?? 200,
      header: { query: q },
      meta: {
        title: q ? `Search: ${q}` : "Search",
        // Result lists are thin, ever-changing pages: kept out of search engines.
        noindex: !!q || page > 1,
        description: q ? `AI-generated videos and images matching "${q}".` : "Search AI-generated videos, images and embeds.",
        canonical: searchHref({ q, type, category: category?.slug, page }),
      },
    },
  );
});
