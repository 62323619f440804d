/** Feed discovery (`<link rel="alternate">` for RSS and Atom) on the pages a feed follows. */

export type FeedRef = { title: string; path: string };

export const latestFeed = (siteName: string): FeedRef => ({ title: `${siteName}: newest`, path: "/feeds/latest.xml" });
export const categoryFeed = (c: { name: string; slug: string }): FeedRef => ({
  title: `${c.name}: newest`,
  path: `/feeds/category/${encodeURIComponent(c.slug)}.xml`,
});
export const userFeed = (username: string): FeedRef => ({
  title: `${username}: newest`,
  path: `/feeds/user/${encodeURIComponent(username)}.xml`,
});
export const tagFeed = (tag: string): FeedRef => ({
  title: `#${tag}: newest`,
  path: `/feeds/tag/${encodeURIComponent(tag.toLowerCase())}.xml`,
});

/** Each feed as RSS, and as Atom unless `rssOnly` (pages that name several feeds keep their head short). */
export function FeedLinks({ feeds, rssOnly = false }: { feeds: FeedRef[]; rssOnly?: boolean }) {
  return (
    <>
      {feeds.map((f) => <link key={f.path} rel="alternate" type="application/rss+xml" title={`${f.title} (RSS)`} href={f.path} />)}
      {!rssOnly &&
        feeds.map((f) => (
          <link
            key={`${f.path}?atom`}
            rel="alternate"
            type="application/atom+xml"
            title={`${f.title} (Atom)`}
            href={`${f.path}?format=atom`}
          />
        ))}
    </>
  );
}
