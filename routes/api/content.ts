import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { idOr400 } from "../../lib/validate.ts";
import { visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { HttpError } from "../../lib/http_error.ts";
import { placeholderSvg } from "../../lib/media/placeholder.ts";
import { serveStored } from "../../lib/media/serve_stored.ts";
import { mediaCacheControl } from "../../lib/media/visibility.ts";
import { youtubeThumbnail } from "../../common/youtube.ts";

/**
 * GET /api/content/{id}/thumbnail: the stored thumbnail, the YouTube one for embeds, or a
 * generated placeholder bearing the title. `placeholder=true` asks for the placeholder directly
 * (the fallback after a broken thumbnail). Only for items this viewer may see. Mounted at
 * /api/content (the feed, /api/content/feed, is routes/api/feed.ts).
 *
 * `placeholder=true` always gives an image (spec part 1 §7), also for an unknown, removed or
 * not-yet-visible id: a 404 whose body is the untitled placeholder, so an `<img>` whose item went
 * away still shows one (issue 36 point 10). A malformed id is still a 400.
 */
export const contentApi = new Hono<AppEnv>().get("/:id{[^/]+}/thumbnail", async (c) => {
  const id = idOr400(c.req.param("id"));
  const placeholder = c.req.query("placeholder") === "true";
  const item = await visibleMediaOr404(c, id).catch((e) => {
    if (placeholder && e instanceof HttpError && e.status === 404) return null;
    throw e;
  });
  if (!item) return c.body(placeholderSvg(null), 404, { "Content-Type": "image/svg+xml", "Cache-Control": "private, no-store" });
  const cache = mediaCacheControl(item);
  if (!placeholder) {
    if (item.thumbnailKey) {
      const res = await serveStored(c.req.raw, c.var.config, item.thumbnailKey, item, false);
      if (res) return res;
    } else if (item.contentType === "image" && item.fileKey) {
      const res = await serveStored(c.req.raw, c.var.config, item.fileKey, item, false);
      if (res) return res;
    } else if (item.youtubeId) {
      c.header("Cache-Control", cache);
      return c.redirect(youtubeThumbnail(item.youtubeId), 302);
    }
  }
  return c.body(placeholderSvg(item.title), 200, { "Content-Type": "image/svg+xml", "Cache-Control": cache });
});
