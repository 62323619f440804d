import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { adminOnly, requireAdmin } from "../../lib/auth/guards.ts";
import { changesContent } from "../../lib/http/content_version.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { listCategoriesForAdmin } from "../../db/queries/categories.ts";
import { createCategory, deleteCategory, updateCategory } from "../../lib/community/category_admin.ts";
import { categoryCreateSchema, categoryDeleteQuery, categoryPatchSchema } from "../../common/schemas/categories.ts";

/**
 * `/api/admin/categories` (issue 41 point 5): admins only, each change audited and moving the
 * content version (the category tabs, kept rows and feeds are read again).
 */
export const adminCategoriesApi = new Hono<AppEnv>()
  .use("*", adminOnly)
  .get("/", async (c) => c.json(await listCategoriesForAdmin(c.var.db)))
  .post("/", changesContent, async (c) => {
    const admin = requireAdmin(c);
    const { name } = await jsonBody(c, categoryCreateSchema);
    return c.json(await createCategory(c.var.db, admin.id, name, c.var.now()), 201);
  })
  .patch("/:id", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireAdmin(c);
    const body = await jsonBody(c, categoryPatchSchema);
    return c.json(await updateCategory(c.var.db, admin.id, id, body, c.var.now()));
  })
  .delete("/:id", changesContent, async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireAdmin(c);
    const { moveTo } = queryOr400(c, categoryDeleteQuery);
    const done = await deleteCategory(c.var.db, admin.id, id, moveTo ? Number(moveTo) : null, c.var.now());
    return c.json({ ok: true, id, ...done });
  });
