import { type Context, Hono } from "hono";
import type { z } from "zod";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest } from "../../lib/http_error.ts";
import { SSR_COLUMNS } from "../../common/feed_rules.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { acceptsSeed, feedOrder, loadFeedJson, rememberedSeed, rememberSeed, resolveCategory } from "../../lib/feed/feed.ts";
import { queryOr400 } from "../../lib/validate.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { contentFeedQuery } from "../../lib/feed/query_schemas.ts";
import { sendJson } from "../../lib/http/compress.ts";

/** The Following tab's page (issue 32): members only, newest published first, so no sort, category or seed. */
async function followingFeed(c: Context<AppEnv>, page: number, q: z.output<typeof contentFeedQuery>) {
  const user = requireUser(c);
  if (q.sortBy || q.category || q.shuffleSeed || q.tag) {
    throw badRequest("sortBy, category, shuffleSeed and tag do not apply to the Following feed");
  }
  const json = await loadFeedJson(c.var.db, {
    page,
    order: feedOrder("newest", null),
    categoryId: null,
    columns: q.columnCount ?? SSR_COLUMNS,
    muted: await mutedIds(c.var.db, user.id),
    followingOf: user.id,
  }, !!c.var.config.adClientId);
  c.header("Cache-Control", "private, no-store");
  return sendJson(c, json);
}

/** GET /api/content/feed (spec part 1 §7), mounted at /api/content/feed. */
export const feedApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const q = queryOr400(c, contentFeedQuery);
    const page = q.page ?? 1;
    if (q.following === "true") return followingFeed(c, page, q);
    const category = await resolveCategory(c.var.db, q.category);
    // The default view is shuffled when a seed is given, or, for pages after the first, when the
    // visitor's page 1 was shuffled (cookie).
    let seed: string | null = null;
    if (q.tag !== undefined) seed = acceptsSeed(q.sortBy) ? q.shuffleSeed ?? null : null;
    else if (acceptsSeed(q.sortBy)) {
      seed = q.shuffleSeed ?? (page > 1 ? rememberedSeed(c) : null);
      if (page === 1) rememberSeed(c, seed);
    }
    const json = await loadFeedJson(c.var.db, {
      page,
      order: feedOrder(q.sortBy, seed),
      categoryId: category?.id ?? null,
      columns: q.columnCount ?? SSR_COLUMNS,
      muted: await mutedIds(c.var.db, c.var.user?.id),
      ...(q.tag !== undefined ? { tag: q.tag } : {}),
    }, !!c.var.config.adClientId);
    c.header("Cache-Control", "private, no-store");
    return sendJson(c, json);
  });
