import { Hono } from "hono";
import { LEGAL_PAGE_NAMES } from "../common/legal/mod.ts";
import { listCategories, listSitemapMedia } from "../db/queries/feed.ts";
import { listForumCategories, listSitemapThreads } from "../db/queries/forum.ts";
import { forumHref } from "../common/forum_rules.ts";
import type { AppEnv } from "../lib/app_env.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { listSitemapProfiles } from "../db/queries/profiles.ts";
import { profileHref } from "../common/profile_rules.ts";

/** A sitemap holds at most 50,000 URLs: the newest forum threads and profiles take up to 10,000 each, the newest media the rest. */
const SITEMAP_MAX = 50_000;
const SITEMAP_THREADS = 10_000;
const SITEMAP_PROFILES_MAX = 10_000;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** robots.txt and sitemap.xml (categories, approved media, forum threads, and the profiles of members with approved media). */
export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const site = c.var.config.siteUrl;
    const body = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /auth",
      "Disallow: /profile",
      "Disallow: /my-videos",
      "Disallow: /my-messages",
      "Disallow: /uploads/",
      "",
      `Sitemap: ${site}/sitemap.xml`,
      "",
    ].join("\n");
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(body);
  })
  .get("/sitemap.xml", async (c) => {
    const { db, config } = c.var;
    const [cats, forumCats, threads, profiles] = await Promise.all([
      listCategories(db),
      listForumCategories(db),
      listSitemapThreads(db, SITEMAP_THREADS),
      listSitemapProfiles(db, SITEMAP_PROFILES_MAX),
    ]);
    const fixed = 100 + cats.length + forumCats.length + LEGAL_PAGE_NAMES.length;
    const items = await listSitemapMedia(db, SITEMAP_MAX - fixed - threads.length - profiles.length);
    const url = (path: string, lastmod?: number) =>
      `<url><loc>${xmlEscape(config.siteUrl + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url("/"),
      ...cats.map((cat) => url(`/?category=${encodeURIComponent(cat.slug)}`)),
      url("/forum"),
      ...LEGAL_PAGE_NAMES.map((name) => url(`/${name}`)),
      ...forumCats.map((cat) => url(forumHref({ category: cat.slug }))),
      // Each thread's own view (`/forum?thread=id`): a fragment (`/forum#thread-id`) is not a page to a crawler.
      ...threads.map((t) => url(forumHref({ thread: t.id }), t.createdAt)),
      ...items.map((m) => url(`/media/${mediaSlug(m.title, m.id)}`, m.updatedAt)),
      ...profiles.map((p) => url(profileHref(p), p.lastAt)),
      "</urlset>",
    ].join("\n");
    c.header("Cache-Control", "public, max-age=600");
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
