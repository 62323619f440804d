import { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { badRequest, notFound } from "../lib/http_error.ts";
import { keyFromPath } from "../lib/media/storage.ts";
import { serveStored } from "../lib/media/serve_stored.ts";
import { canView } from "../lib/media/visibility.ts";
import { findMediaByFileKey } from "../db/queries/media.ts";
import { countView } from "../lib/media/media_access.ts";

/** /uploads/{key}: stored media files, only for viewers allowed to see their item. */
export const uploadedFiles = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const key = keyFromPath(c.req.path, "/uploads/");
  if (!key) throw badRequest("Invalid file path");
  const item = await findMediaByFileKey(c.var.db, key);
  if (!item || !canView(item, c.var.user)) throw notFound("File not found");
  // Starting a video counts as a view (once per window; never HEAD or a range continuation).
  if (key.startsWith("v/")) await countView(c, item.id);
  return await serveStored(c.req.raw, c.var.config, key, item);
});
