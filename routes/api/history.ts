import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { findMediaAccess } from "../../db/queries/media.ts";
import { clearHistory, deleteHistoryEntry, isHistoryPaused, listHistory, saveProgress, trimHistory } from "../../db/queries/history.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { HttpError, notFound } from "../../lib/http_error.ts";
import { isPublic } from "../../lib/media/visibility.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { idOr400, jsonBody, parseOr400, queryOr400 } from "../../lib/validate.ts";
import { HISTORY_MAX, HISTORY_MSG, HISTORY_PAGE_SIZE } from "../../common/history_rules.ts";
import { historyItemParam, progressBody } from "../../common/schemas/history.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";

const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  await next();
  c.header("Cache-Control", "private, no-store");
};

/**
 * `POST /api/videos/{id}/progress {seconds}` (issue 43 point 5), mounted at /api/videos: the player's
 * position beat, members only (401), for public videos only (404 for a pending, hidden, missing or
 * not-yet-playable item, whoever owns it; 422 for an image or embed), RATE_PROGRESS_PER_USER a window (429).
 * A member who paused their history gets `recorded: false` and nothing is written.
 */
export const progressApi = (limiter: RateLimiter) =>
  new Hono<AppEnv>()
    .use("/:id/progress", noStore)
    .post("/:id{[^/]+}/progress", async (c) => {
      const me = requireUser(c);
      const id = idOr400(c.req.param("id"));
      const { seconds } = await jsonBody(c, progressBody);
      const item = await findMediaAccess(c.var.db, id);
      if (!item || !isPublic(item)) throw notFound(HISTORY_MSG.notFound);
      if (item.contentType !== "video") throw new HttpError(422, HISTORY_MSG.notVideo);
      const { progressPerUser, socialWindowSeconds } = c.var.config.rate;
      await limiter.hit(`progress:${me.id}`, progressPerUser, socialWindowSeconds);
      const recorded = await writeTx(c.var.db, async (tx) => {
        if (await isHistoryPaused(tx, me.id)) return false;
        if (await saveProgress(tx, me.id, id, Math.round(seconds * 10) / 10)) await trimHistory(tx, me.id, HISTORY_MAX);
        return true;
      });
      return c.json({ recorded, seconds: recorded ? Math.round(seconds * 10) / 10 : null });
    });

/**
 * The member's history, mounted at /api/user/history: `GET` (newest first, with positions, paged, and whether
 * it is paused), `DELETE` (clear it) and `DELETE /{mediaId}` (one entry; 404 when it is not there). Pausing is
 * `PATCH /api/user {historyPaused}`.
 */
export const historyApi = new Hono<AppEnv>()
  .use("*", noStore)
  .get("/", async (c) => {
    const me = requireUser(c);
    const page = queryOr400(c, listPageQuery).page ?? 1;
    const [rows, paused] = await Promise.all([
      listHistory(c.var.db, me.id, HISTORY_PAGE_SIZE + 1, (page - 1) * HISTORY_PAGE_SIZE),
      isHistoryPaused(c.var.db, me.id),
    ]);
    return c.json({
      entries: rows.slice(0, HISTORY_PAGE_SIZE).map((r) => ({
        item: toContentItem(r),
        seconds: r.seconds,
        watchedAt: new Date(r.watchedAt).toISOString(),
      })),
      page,
      pageSize: HISTORY_PAGE_SIZE,
      hasMore: rows.length > HISTORY_PAGE_SIZE,
      paused,
    });
  })
  .delete("/", async (c) => {
    const me = requireUser(c);
    return c.json({ removed: await clearHistory(c.var.db, me.id) });
  })
  .delete("/:mediaId", async (c) => {
    const me = requireUser(c);
    const mediaId = parseOr400(historyItemParam, c.req.param("mediaId"));
    if (!(await deleteHistoryEntry(c.var.db, me.id, mediaId))) throw notFound(HISTORY_MSG.entryNotFound);
    return c.json({ removed: 1 });
  });
