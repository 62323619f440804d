import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { idOr400 } from "../../lib/validate.ts";
import { findItemById, listRelated } from "../../db/queries/media.ts";
import { toContentItem, toItemFor } from "../../lib/media/content_item.ts";
import { notFound } from "../../lib/http_error.ts";
import { CONTENT_NOT_FOUND, countView, visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { canView } from "../../lib/media/visibility.ts";
import { RELATED_LIMIT } from "../../common/media_rules.ts";
import { youtubeEmbedUrl } from "../../common/youtube.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";

/**
 * GET /api/videos/{id}, /api/videos/{id}/related, /api/videos/{id}/direct (spec part 1 §7).
 * Approved items for everyone; the owner and admins also see their pending or hidden ones.
 * Mounted at /api/videos, like video_edits.ts (POST, PUT, DELETE), likes.ts (/{id}/like) and
 * comments.ts (/{id}/comments).
 */
export const videosApi = new Hono<AppEnv>()
  .get("/:id{[^/]+}", async (c) => {
    const row = await findItemById(c.var.db, idOr400(c.req.param("id")));
    if (!row || !canView(row, c.var.user)) throw notFound(CONTENT_NOT_FOUND);
    await countView(c, row.id);
    c.header("Cache-Control", "private, no-cache");
    return c.json(toItemFor(row, c.var.user));
  })
  .get("/:id{[^/]+}/related", async (c) => {
    const row = await findItemById(c.var.db, idOr400(c.req.param("id")));
    if (!row || !canView(row, c.var.user)) throw notFound(CONTENT_NOT_FOUND);
    // A muting viewer's muted items leave the list in the query (issue 25).
    const user = c.var.user;
    const mutedBy = (await mutedIds(c.var.db, user?.id)).size ? user!.id : null;
    if (mutedBy) c.header("Cache-Control", "private, no-store");
    return c.json((await listRelated(c.var.db, row, RELATED_LIMIT, mutedBy)).map(toContentItem));
  })
  .get("/:id{[^/]+}/direct", async (c) => {
    const id = idOr400(c.req.param("id"));
    await visibleMediaOr404(c, id);
    // A video's default rendition (its original only until renditions exist), an image's file.
    const item = toContentItem((await findItemById(c.var.db, id))!);
    const url = item.videoUrl ?? item.imageUrl;
    if (url) return c.redirect(url, 302);
    if (item.youtubeId) return c.json({ url: youtubeEmbedUrl(item.youtubeId) });
    throw notFound("No media file for this item");
  });
