import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { interleave, SSR_COLUMNS } from "../../common/feed_rules.ts";
import CategoryTabs from "../../islands/CategoryTabs.tsx";
import CreatorSuggestions from "../../islands/CreatorSuggestions.tsx";
import Feed from "../../islands/Feed.tsx";
import { findFollowCounts } from "../../db/queries/follows.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { toSignIn } from "../../lib/auth/guards.ts";
import { suggestedCreators } from "../../lib/community/follows.ts";
import { cachedCategories, feedOrder, loadFeedCards } from "../../lib/feed/feed.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { renderPage } from "../../lib/render/render.tsx";

/**
 * `/following` (issue 32): the home page's Following tab, for members (visitors are sent to sign in). The
 * first page of the feed's cards in the HTML, newest published first, then the feed's infinite scroll
 * through `GET /api/content/feed?following=true`. With nothing to show: creators to follow.
 */
export const followingPage = new Hono<AppEnv>().get("/", async (c) => {
  const { db, config, user } = c.var;
  if (!user) return toSignIn(c);
  const [categories, feed] = await Promise.all([
    cachedCategories(db),
    mutedIds(db, user.id).then((muted) =>
      loadFeedCards(db, {
        page: 1,
        order: feedOrder("newest", null),
        categoryId: null,
        columns: SSR_COLUMNS,
        muted,
        followingOf: user.id,
      }, !!config.adClientId)
    ),
  ]);
  const empty = feed.videos.length === 0 && feed.images.length === 0;
  const [creators, counts] = empty ? await Promise.all([suggestedCreators(db, user.id), findFollowCounts(db, user.id)]) : [[], null];
  // "" highlights no category: the Following tab is the current one.
  const tabs = { categories: categories.map(({ name, slug }) => ({ name, slug })), active: "", sortBy: null, following: true };
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <>
      <div className="sticky top-16 z-30 border-b border-neutral-900 bg-neutral-950/95 backdrop-blur">
        <div className="mx-auto max-w-[1800px] px-3 py-2 sm:px-6">
          <Island name="CategoryTabs" component={CategoryTabs} props={tabs} />
        </div>
      </div>
      <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
        <h1 className="sr-only">{`Following - ${config.siteName}`}</h1>
        {empty
          ? (
            <Island
              name="CreatorSuggestions"
              component={CreatorSuggestions}
              props={{ creators, followsAnyone: (counts?.followingCount ?? 0) > 0 }}
            />
          )
          : (
            <Island
              name="Feed"
              component={Feed}
              props={{
                featured: null,
                first: { items: interleave(feed.videos, feed.images), adPositions: feed.adPositions },
                hasMore: feed.hasMore,
                columns: SSR_COLUMNS,
                category: null,
                seed: null,
                sort: null,
                signedIn: true,
                viewerName: user.username,
                adClientId: config.adClientId ?? null,
                following: true,
              }}
            />
          )}
      </section>
    </>,
    { meta: { title: "Following", noindex: true } },
  );
});
