import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { type FeedFormat, feedNameParam, feedQuery } from "../common/schemas/feeds.ts";
import { splitTags } from "../common/format.ts";
import { profileHref } from "../common/profile_rules.ts";
import { findCategory } from "../db/queries/feed.ts";
import { findSlugRedirect } from "../db/queries/categories.ts";
import {
  type FeedRow,
  listFeedRowsByIds,
  listNewestPublic,
  listNewestPublicByUser,
  listNewestPublicInCategory,
  listNewestPublicWithTagWords,
} from "../db/queries/feeds.ts";
import { findFollowingFeedOwner } from "../db/queries/follows.ts";
import { FEED_TOKEN_RE } from "../lib/community/follows.ts";
import { followingNewest } from "../lib/feed/following.ts";
import { mutedIds } from "../lib/feed/mutes.ts";
import { findProfileUserByUsername } from "../db/queries/profiles.ts";
import { atomXml } from "../lib/feed/atom.ts";
import { FEED_LIMIT, feedEntry } from "../lib/feed/entry.ts";
import { rssXml } from "../lib/feed/rss.ts";
import { sendConditional } from "../lib/http/conditional.ts";
import { jsonErrors } from "../lib/http/json_errors.ts";
import { notFound } from "../lib/http_error.ts";
import { parseOr400, queryOr400 } from "../lib/validate.ts";

/** Readers poll; five minutes keeps a burst of them off the database while a new item shows soon. */
const FEED_CACHE = "public, max-age=300";
/** A member's Following feed is theirs: no shared cache keeps it. */
const PRIVATE_FEED_CACHE = "private, max-age=300";

type Scope = { title: string; description: string; link: string; rows: FeedRow[] };
/** The feed moved: a renamed category's old slug (issue 41 point 5) leads to its new feed for good. */
type Moved = { movedTo: string };

/**
 * `/feeds/latest.xml`, `/feeds/category/{slug}.xml`, `/feeds/user/{username}.xml` and
 * `/feeds/tag/{tag}.xml`: the newest public items as RSS 2.0 with Media RSS, or Atom with
 * `?format=atom`; ETag and Last-Modified with 304. Unknown category or member: 404; a renamed
 * category's old slug: 301 to its feed under the new one.
 */
export const feedRoutes = new Hono<AppEnv>()
  .get("/latest.xml", (c) => {
    const { siteName } = c.var.config;
    return send(c, async () => ({
      title: `${siteName}: newest`,
      description: `The newest AI-generated videos and images on ${siteName}.`,
      link: "/",
      rows: await listNewestPublic(c.var.db, FEED_LIMIT),
    }));
  })
  .get("/category/:file{[^/]+\\.xml}", (c) =>
    send(c, async (name) => {
      const category = await findCategory(c.var.db, { slug: name });
      if (!category) {
        const moved = await findSlugRedirect(c.var.db, name);
        if (moved) return { movedTo: `/feeds/category/${encodeURIComponent(moved)}.xml` };
        throw notFound("No such category");
      }
      return {
        title: `${c.var.config.siteName}: ${category.name}`,
        description: `The newest ${category.name} items on ${c.var.config.siteName}.`,
        link: `/?category=${encodeURIComponent(category.slug)}`,
        rows: await listNewestPublicInCategory(c.var.db, category.id, FEED_LIMIT),
      };
    }))
  .get("/user/:file{[^/]+\\.xml}", (c) =>
    send(c, async (name) => {
      const user = await findProfileUserByUsername(c.var.db, name);
      // A banned member's profile is hidden from the public (lib/community/profiles.ts); so is their feed.
      if (!user || user.banned) throw notFound("No such member");
      return {
        title: `${user.username} on ${c.var.config.siteName}`,
        description: `The newest items ${user.username} shared on ${c.var.config.siteName}.`,
        link: profileHref(user),
        rows: await listNewestPublicByUser(c.var.db, user.id, FEED_LIMIT),
      };
    }))
  .get("/tag/:file{[^/]+\\.xml}", (c) =>
    send(c, async (name) => {
      const tag = name.trim().replace(/^#+/, "").toLowerCase();
      // The index finds the tag's words; only items carrying exactly this tag stay.
      const rows = (await listNewestPublicWithTagWords(c.var.db, tag, FEED_LIMIT * 3))
        .filter((r) => splitTags(r.tags).some((t) => t.toLowerCase() === tag)).slice(0, FEED_LIMIT);
      return {
        title: `${c.var.config.siteName}: #${tag}`,
        description: `The newest items tagged ${tag} on ${c.var.config.siteName}.`,
        link: `/search?q=${encodeURIComponent(tag)}`,
        rows,
      };
    }))
  // The Following tab of the member the secret token names (issue 32): what the tab lists, mutes included.
  .get("/following/:file{[^/]+\\.xml}", (c) =>
    send(c, async (token) => {
      const owner = FEED_TOKEN_RE.test(token) ? await findFollowingFeedOwner(c.var.db, token) : undefined;
      if (!owner || owner.banned) throw notFound("No such feed");
      const ids = await followingNewest(c.var.db, owner.id, FEED_LIMIT, await mutedIds(c.var.db, owner.id));
      const rows = await listFeedRowsByIds(c.var.db, ids);
      c.header("X-Robots-Tag", "noindex");
      return {
        title: `${c.var.config.siteName}: following`,
        description: `The newest items of the members ${owner.username} follows on ${c.var.config.siteName}.`,
        link: "/following",
        // Dated by when each became public, the order the tab and this list follow.
        rows: rows.map((r) => ({ ...r, createdAt: r.publishedAt ?? r.createdAt })),
      };
    }, PRIVATE_FEED_CACHE))
  .onError(jsonErrors);

async function send(c: Context<AppEnv>, scope: (name: string) => Promise<Scope | Moved>, cache = FEED_CACHE) {
  const { format = "rss" } = queryOr400(c, feedQuery) as { format?: FeedFormat };
  const file = c.req.param("file");
  const name = file === undefined ? "" : parseOr400(feedNameParam, file.replace(/\.xml$/, ""));
  const found = await scope(name);
  if ("movedTo" in found) {
    // Like the home page's `?category=old`: 301, the format kept.
    c.header("Cache-Control", cache);
    return c.redirect(found.movedTo + new URL(c.req.url).search, 301);
  }
  const { title, description, link, rows } = found;
  const { siteUrl, siteName } = c.var.config;
  const entries = rows.map((r) => feedEntry(r, siteUrl));
  const updated = entries.length ? new Date(Math.max(...entries.map((e) => e.updated.getTime()))) : null;
  const self = new URL(c.req.path + (format === "atom" ? "?format=atom" : ""), siteUrl).href;
  // An empty feed is dated at the epoch, so it keeps one ETag until an item arrives.
  const channel = { title, description, link: new URL(link, siteUrl).href, self, updated: updated ?? new Date(0), entries };
  return format === "atom"
    ? sendConditional(c, atomXml(channel, siteName), "application/atom+xml; charset=utf-8", updated, cache)
    : sendConditional(c, rssXml(channel, siteName), "application/rss+xml; charset=utf-8", updated, cache);
}
