import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { toContentItem } from "../../lib/content_item.ts";
import { unauthorized } from "../../lib/http_error.ts";
import { listItemsByUser } from "../../db/queries/uploads.ts";

/** GET /api/user/videos: the caller's own items in every review state, newest first (part 2 §7). */
export const userVideosApi = new Hono<AppEnv>().get("/videos", async (c) => {
  const { user, db } = c.var;
  if (!user) throw unauthorized();
  const rows = await listItemsByUser(db, user.id);
  c.header("Cache-Control", "private, no-store");
  return c.json(rows.map(toContentItem));
});
