import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { listCategories } from "../../db/queries/categories.ts";

/** GET /api/categories: id, name, slug (part 1 §7; the upload dialog loads it when it opens). */
export const categoriesApi = new Hono<AppEnv>().get("/", async (c) => c.json(await listCategories(c.var.db)));
