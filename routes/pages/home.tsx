import { type Context, Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import MediaModal from "../../islands/MediaModal.tsx";
import { interleave, type Sort, SORTS, SSR_COLUMNS, TEXT } from "../../common/feed_rules.ts";
import { findCategory } from "../../db/queries/feed.ts";
import { findSlugRedirect } from "../../db/queries/categories.ts";
import CategoryTabs from "../../islands/CategoryTabs.tsx";
import Feed from "../../islands/Feed.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { acceptsSeed, cachedCategories, categoryRefSchema, feedOrder, loadFeedCards, rememberSeed, SEED_RE } from "../../lib/feed/feed.ts";
import { log } from "../../lib/log.ts";
import { ContinueWatching } from "../../components/ContinueWatching.tsx";
import { continueWatching } from "../../lib/feed/history.ts";
import { Kept, renderPage } from "../../lib/render/render.tsx";
import { categoryFeed, FeedLinks, latestFeed } from "../../lib/render/feed_links.tsx";

/** The same address with `?category=` naming `slug`: the path and query only (never another origin). */
function withCategory(href: string, slug: string): string {
  const url = new URL(href);
  url.searchParams.set("category", slug);
  return `${url.pathname}${url.search}`;
}

/** The spec's 30% chance of a shuffle on a plain visit, decided here so the page never re-renders. */
export const AUTO_SHUFFLE_CHANCE = 0.3;

/**
 * The seeds of those shuffles come from a pool, so the first page of each is kept (lib/feed/rankings.ts):
 * a new seed costs a pass over every item, 1-2 ms at 100,000 (decision 020). Seeds in links are any seed.
 */
const SEED_POOL = 256;
const pooledSeed = () => `s${Math.floor(Math.random() * SEED_POOL)}`;

const categoryParam = categoryRefSchema.optional();

/** The ad script, only when an ad client id is configured (test mode off). */
export function AdScript({ client, nonce }: { client: string; nonce: string }) {
  return (
    <script
      async
      nonce={nonce || undefined}
      src={`https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`}
      crossOrigin="anonymous"
    />
  );
}

/**
 * `/`: the category tabs, the Featured Video, the Sort menu and the first page of the feed,
 * all in the HTML. `?category=` takes a slug or an id; `?shuffleSeed=` or `?shuffle=` sets the
 * shuffle seed (the island removes it from the address once shown).
 */
export const homePage = new Hono<AppEnv>().get("/", async (c) => {
  const { db, config, user, nonce } = c.var;
  // A page link may carry anything (utm_source, fbclid, a mistyped category): unknown or bad
  // parameters are ignored here; only the JSON API is strict.
  const ref = categoryParam.safeParse((c.req.query("category") ?? "").toLowerCase());
  const [found, categories] = await Promise.all([
    ref.success && ref.data ? findCategory(db, ref.data) : null,
    cachedCategories(db),
  ]);
  const unknownCategory = ref.success ? !!ref.data && !found : true;
  const category = found;
  if (unknownCategory) {
    // A renamed (or deleted) category's old address leads to its new one for good (issue 41 point 5).
    const moved = ref.success && ref.data && "slug" in ref.data ? await findSlugRedirect(db, (ref.data as { slug: string }).slug) : null;
    if (moved) return c.redirect(withCategory(c.req.url, moved), 301);
    return categoryNotFound(c, categories);
  }
  const sortParam = c.req.query("sortBy");
  const sort = (SORTS as readonly string[]).includes(sortParam ?? "") ? sortParam as Sort : null;
  const asked = c.req.query("shuffleSeed") ?? c.req.query("shuffle");
  const validSeed = asked !== undefined && SEED_RE.test(asked) ? asked : null;
  const seed = !acceptsSeed(sort) ? null : validSeed ?? (!sort && Math.random() < AUTO_SHUFFLE_CHANCE ? pooledSeed() : null);
  rememberSeed(c, seed);
  let feed;
  try {
    feed = await loadFeedCards(db, {
      page: 1,
      order: feedOrder(sort, seed),
      categoryId: category?.id ?? null,
      columns: SSR_COLUMNS,
      muted: await mutedIds(db, c.var.user?.id),
    }, !!config.adClientId);
  } catch (err) {
    log.error("home feed failed", { requestId: c.var.requestId, error: err });
    c.header("Cache-Control", "private, no-store");
    return renderPage(
      c,
      <section className="mx-auto flex max-w-xl flex-col items-center gap-3 px-3 py-24 text-center">
        <h1 className="text-xl font-semibold">{TEXT.errorTitle}</h1>
        <p className="text-neutral-400">{TEXT.errorBody}</p>
        <a href={c.req.path + (new URL(c.req.url).search)} className="btn-primary">{TEXT.reload}</a>
      </section>,
      { status: 500, meta: { title: TEXT.errorTitle, noindex: true } },
    );
  }

  // Issue 43 point 5: members pick up where they left off (visitors' pages, and their cache, are unchanged).
  const continuing = user && !category ? await continueWatching(db, user.id) : [];
  const { siteName, tagline } = config;
  const title = category ? `${category.name} AI videos and images` : siteName;
  const description = category
    ? `Watch and share AI-generated ${category.name.toLowerCase()} videos, images and clips on ${siteName}.`
    : `${siteName}: ${tagline}. Watch and share AI-generated videos and images.`;
  const lcpImage = (feed.featured ?? feed.videos[0] ?? feed.images[0])?.thumbnail;
  const tabs = {
    categories: categories.map(({ name, slug }) => ({ name, slug })),
    active: category?.slug ?? null,
    sortBy: sort && sort !== "trending" ? sort : null,
    // Members get the Following tab (issue 32).
    following: user ? false : null,
  };
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <>
      <div data-scroll-away className="sticky top-16 z-30 border-b border-neutral-900 bg-neutral-950/95 backdrop-blur">
        <Kept className="mx-auto max-w-[1800px] px-3 py-2 sm:px-6" cacheKey={`tabs:${JSON.stringify(tabs)}`}>
          <Island name="CategoryTabs" component={CategoryTabs} props={tabs} />
        </Kept>
      </div>
      <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
        <h1 className="sr-only">{category ? `${category.name} - ${siteName}` : `${siteName}: ${tagline}`}</h1>
        <ContinueWatching items={continuing} />
        <Island
          name="Feed"
          component={Feed}
          props={{
            featured: feed.featured,
            first: { items: interleave(feed.videos, feed.images), adPositions: feed.adPositions },
            hasMore: feed.hasMore,
            columns: SSR_COLUMNS,
            category: category?.slug ?? null,
            seed,
            sort: seed ? null : sort,
            signedIn: !!user,
            viewerName: user?.username ?? null,
            adClientId: config.adClientId ?? null,
          }}
        />
        {feed.featured && <Island name="MediaModal" component={MediaModal} props={{ signedIn: !!user }} />}
      </section>
    </>,
    {
      meta: {
        title,
        description,
        canonical: category ? `/?category=${encodeURIComponent(category.slug)}` : "/",
        extraHead: (
          <>
            {/* The featured poster (else the first card) is the largest paint: fetch it before scripts. */}
            {lcpImage && <link rel="preload" as="image" href={lcpImage} fetchPriority="high" />}
            {config.adClientId && <AdScript client={config.adClientId} nonce={nonce} />}
            <FeedLinks feeds={[category ? categoryFeed(category) : latestFeed(siteName)]} />
          </>
        ),
      },
    },
  );
});

/**
 * `/?category=` naming no category (a stale link, a typo): a not-found state under the tabs, with
 * none of them highlighted and a way to all categories, answered 404 so search engines drop the
 * address (issue 27 point 9). It used to show the feed's "No content available" under All Categories.
 */
function categoryNotFound(c: Context<AppEnv>, categories: { name: string; slug: string }[]) {
  // "" is no category's slug: no tab is highlighted, not even All Categories.
  const tabs = {
    categories: categories.map(({ name, slug }) => ({ name, slug })),
    active: "",
    sortBy: null,
    following: c.var.user ? false : null,
  };
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <>
      <div data-scroll-away className="sticky top-16 z-30 border-b border-neutral-900 bg-neutral-950/95 backdrop-blur">
        <div className="mx-auto max-w-[1800px] px-3 py-2 sm:px-6">
          <Island name="CategoryTabs" component={CategoryTabs} props={tabs} />
        </div>
      </div>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-3 px-3 py-24 text-center" data-testid="category-not-found">
        <h1 className="text-xl font-semibold">Category not found</h1>
        <p className="text-neutral-400">There is no such category. It may have been renamed or removed.</p>
        <a href="/" className="btn-primary">Browse all categories</a>
      </section>
    </>,
    { status: 404, meta: { title: "Category not found", noindex: true } },
  );
}
