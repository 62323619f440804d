import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { interleave, type Sort, SORTS, SSR_COLUMNS } from "../../common/feed_rules.ts";
import { formatCount } from "../../common/format.ts";
import { TAG_INDEX_MIN, tagHref } from "../../common/tag_rules.ts";
import Feed from "../../islands/Feed.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { tagParam } from "../../lib/feed/query_schemas.ts";
import { feedOrder, loadFeedCards, SEED_RE } from "../../lib/feed/feed.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { tagItemCount } from "../../lib/feed/tag_feed.ts";
import { notFoundPage } from "../../lib/render/error_pages.tsx";
import { FeedLinks, tagFeed } from "../../lib/render/feed_links.tsx";
import { renderPage } from "../../lib/render/render.tsx";

/**
 * `/tags/{tag}` (issue 43 point 1): the public items with the tag in the feed's cards, sorts and infinite
 * scroll (`GET /api/content/feed?tag=`), the viewer's mutes applied, the tag's RSS and Atom feeds linked.
 * Fewer than TAG_INDEX_MIN items: noindex (thin pages). A tag no public item carries: 404.
 */
export const tagsPage = new Hono<AppEnv>().get("/:tag", async (c) => {
  const { db, config, user } = c.var;
  const parsed = tagParam.safeParse(c.req.param("tag"));
  if (!parsed.success) return notFoundPage(c);
  const tag = parsed.data;
  const total = await tagItemCount(db, tag);
  if (total === 0) return notFoundPage(c);
  const sortParam = c.req.query("sortBy");
  const sort = (SORTS as readonly string[]).includes(sortParam ?? "") ? sortParam as Sort : null;
  const asked = c.req.query("shuffleSeed");
  const seed = !sort && asked && SEED_RE.test(asked) ? asked : null;
  const feed = await loadFeedCards(db, {
    page: 1,
    order: feedOrder(sort, seed),
    categoryId: null,
    columns: SSR_COLUMNS,
    muted: await mutedIds(db, user?.id),
    tag,
  }, !!config.adClientId);
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
      <header className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="min-w-0 text-2xl font-bold wrap-anywhere" data-testid="tag-title">{`#${tag}`}</h1>
        <p className="text-sm text-neutral-400" data-testid="tag-count">
          {`${formatCount(total)} ${total === 1 ? "item" : "items"}`}
        </p>
        <a href={tagFeed(tag).path} className="text-sm text-orange-300 underline hover:text-orange-200" data-testid="tag-rss">
          RSS feed
        </a>
      </header>
      <Island
        name="Feed"
        component={Feed}
        props={{
          featured: null,
          first: { items: interleave(feed.videos, feed.images), adPositions: feed.adPositions },
          hasMore: feed.hasMore,
          columns: SSR_COLUMNS,
          category: null,
          seed,
          sort: seed ? null : sort,
          signedIn: !!user,
          viewerName: user?.username ?? null,
          adClientId: config.adClientId ?? null,
          tag,
        }}
      />
    </section>,
    {
      meta: {
        title: `#${tag} AI videos and images`,
        description: `AI-generated videos and images tagged #${tag} on ${config.siteName}.`,
        canonical: tagHref(tag),
        noindex: total < TAG_INDEX_MIN,
        extraHead: <FeedLinks feeds={[tagFeed(tag)]} />,
      },
    },
  );
});
