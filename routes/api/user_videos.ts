import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { toOwnerItem } from "../../lib/media/content_item.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { listItemsByUser } from "../../db/queries/uploads.ts";

/** GET /api/user/videos: the caller's own items in every review state, newest first (part 2 §7). */
export const userVideosApi = new Hono<AppEnv>().get("/videos", async (c) => {
  const user = requireUser(c);
  const rows = await listItemsByUser(c.var.db, user.id);
  return c.json(rows.map(toOwnerItem));
});
