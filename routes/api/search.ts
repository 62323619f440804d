import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { runSearch, searchParams } from "../../lib/feed/search.ts";
import { queryOr400 } from "../../lib/validate.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";

/** GET /api/search?q=&type=&categoryId=&category=&page=: an array of content items, best match first. */
export const searchApi = new Hono<AppEnv>().get("/", async (c) => {
  const params = queryOr400(c, searchParams);
  return c.json(await runSearch(c.var.db, params, await mutedIds(c.var.db, c.var.user?.id)));
});
