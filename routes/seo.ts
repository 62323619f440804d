import { Hono } from "hono";
import { listCategories, listSitemapMedia } from "../db/queries/feed.ts";
import type { AppEnv } from "../lib/app_env.ts";
import { mediaSlug } from "../lib/slug.ts";
import { listSitemapProfiles } from "../db/queries/profiles.ts";
import { profileHref } from "../common/profile_rules.ts";

/** A sitemap holds at most 50,000 URLs; the newest media fill what the fixed pages and profiles leave. */
const SITEMAP_MAX = 50_000;
const SITEMAP_PROFILES_MAX = 10_000;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** robots.txt and sitemap.xml (categories, approved media, and the profiles of members with approved media). */
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
    const [cats, profiles] = await Promise.all([listCategories(db), listSitemapProfiles(db, SITEMAP_PROFILES_MAX)]);
    const items = await listSitemapMedia(db, SITEMAP_MAX - 100 - cats.length - profiles.length);
    const url = (path: string, lastmod?: number) =>
      `<url><loc>${xmlEscape(config.siteUrl + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url("/"),
      ...cats.map((cat) => url(`/?category=${encodeURIComponent(cat.slug)}`)),
      url("/forum"),
      ...items.map((m) => url(`/media/${mediaSlug(m.title, m.id)}`, m.updatedAt)),
      ...profiles.map((p) => url(profileHref(p), p.lastAt)),
      "</urlset>",
    ].join("\n");
    c.header("Cache-Control", "public, max-age=600");
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
