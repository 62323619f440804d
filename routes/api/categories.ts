import { Hono } from "hono";
import type { CategoryOption } from "../../common/api_types.ts";
import { listCategories } from "../../db/queries/feed.ts";
import type { AppEnv } from "../../lib/app_env.ts";

/** GET /api/categories (spec part 1 §7), mounted at /api/categories: every category, by name. */
export const categoriesApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json((await listCategories(c.var.db)) satisfies CategoryOption[]));
