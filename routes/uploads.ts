import { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { fileResponse } from "../lib/file_response.ts";
import { badRequest, notFound } from "../lib/http_error.ts";
import { canView } from "../lib/visibility.ts";
import { findMediaByFileKey } from "../db/queries/media.ts";
import { countView } from "../lib/media_access.ts";

/** Cache-Control for publicly visible media files and thumbnails. */
export const PUBLIC_MEDIA_CACHE = "public, max-age=600, must-revalidate";

export const KEY_RE = /^[a-z]+\/[A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5}$/;

/** /uploads/{key}: stored media files, only for viewers allowed to see their item. */
export const uploadedFiles = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  let key: string;
  try {
    key = decodeURIComponent(c.req.path.replace(/^\/uploads\//, ""));
  } catch {
    throw badRequest("Invalid file path"); // malformed percent-encoding
  }
  if (key.includes("..") || !KEY_RE.test(key)) throw badRequest("Invalid file path");
  const item = await findMediaByFileKey(c.var.db, key);
  if (!item || !canView(item, c.var.user)) throw notFound("File not found");
  // Starting a video counts as a view (once per window; never HEAD or a range continuation).
  if (key.startsWith("v/")) await countView(c, item.id);
  const isPublic = item.reviewStatus === "approved" && !item.hidden;
  const res = await fileResponse(c.req.raw, `${c.var.config.uploadsDir}/${key}`, {
    // Not immutable: a reject, hide or delete must stop caches serving the file within minutes;
    // revalidation is a cheap ETag 304.
    cacheControl: isPublic ? PUBLIC_MEDIA_CACHE : "private, no-store",
  });
  if (!res) throw notFound("File not found");
  return res;
});
