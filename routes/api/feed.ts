import { Hono } from "hono";
import { z } from "zod";
import { SORTS, SSR_COLUMNS } from "../../common/feed_rules.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import {
  acceptsSeed,
  categoryRefSchema,
  feedOrder,
  loadFeedJson,
  MAX_PAGE,
  rememberedSeed,
  rememberSeed,
  resolveCategory,
  seedSchema,
} from "../../lib/feed/feed.ts";
import { queryOr400 } from "../../lib/validate.ts";
import { sendJson } from "../../lib/http/compress.ts";

const intParam = (name: string, min: number, max: number) =>
  z.string().regex(/^\d{1,9}$/, `${name} must be a whole number`).transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const feedQuery = z.strictObject({
  page: intParam("page", 1, MAX_PAGE).optional(),
  sortBy: z.enum(SORTS).optional(),
  category: categoryRefSchema.optional(),
  columnCount: intParam("columnCount", 1, 3).optional(),
  shuffleSeed: seedSchema.optional(),
  /** The spec's client sends a timestamp with page 1 to defeat caches; it changes nothing. */
  timestamp: z.string().regex(/^\d{1,15}$/, "timestamp must be a number of milliseconds").optional(),
});

/** GET /api/content/feed (spec part 1 §7), mounted at /api/content/feed. */
export const feedApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const q = queryOr400(c, feedQuery);
    const page = q.page ?? 1;
    const category = await resolveCategory(c.var.db, q.category);
    // The default view is shuffled when a seed is given, or, for pages after the first, when the
    // visitor's page 1 was shuffled (cookie).
    let seed: string | null = null;
    if (acceptsSeed(q.sortBy)) {
      seed = q.shuffleSeed ?? (page > 1 ? rememberedSeed(c) : null);
      if (page === 1) rememberSeed(c, seed);
    }
    const json = await loadFeedJson(c.var.db, {
      page,
      order: feedOrder(q.sortBy, seed),
      categoryId: category?.id ?? null,
      columns: q.columnCount ?? SSR_COLUMNS,
    }, !!c.var.config.adClientId);
    c.header("Cache-Control", "private, no-store");
    return sendJson(c, json);
  });
