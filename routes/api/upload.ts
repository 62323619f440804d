import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { uploadUrl } from "../../lib/media/content_item.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { checkImage } from "../../lib/media/media_process.ts";
import { checkVideo } from "../../lib/media/video_check.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { commitUpload, discardUpload, receiveUpload } from "../../lib/media/upload_stream.ts";
import { deleteUnattachedUpload, insertUpload } from "../../db/queries/uploads.ts";
import { QuotaMeter } from "../../lib/media/quota.ts";

/**
 * POST /api/upload/file (spec part 1 §7): multipart field `file`, members only. The file is
 * streamed to disk under a server-generated name, its type sniffed from the bytes and its size
 * held to the type's limit as it arrives; answers `{ url }` for the create call that follows.
 */
export function uploadApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  app.post("/file", async (c) => {
    const { config, db } = c.var;
    const user = requireUser(c);
    await limiter.hit(`upload:${user.id}`, config.upload.perUser, config.upload.windowSeconds);
    // The member's quotas hold the bytes back as they arrive (issue 41 point 3); the uploads row counts them once it exists.
    const quota = await QuotaMeter.for(db, config, user.id, c.var.now);
    let stored;
    try {
      stored = await receiveUpload(c.req.raw, config, "file", quota ?? undefined);
    } catch (e) {
      await quota?.close();
      throw e;
    }
    let row: { id: number } | null = null;
    try {
      // Checked under its temp name; renamed to its key only once its row exists (crash safety).
      // Both read headers (and for a video, packets) only, within the limits: decision 027.
      // A video's work (frames x pixels) is kept: the create judges the member's daily budget by it (decision 040).
      const videoWork = stored.kind === "video" ? await checkVideo(config, stored.tmpPath) : null;
      if (stored.kind === "image") await checkImage(config, stored.tmpPath);
      row = await insertUpload(db, {
        videoWork,
        userId: user.id,
        fileKey: stored.key,
        kind: stored.kind,
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
        createdAt: c.var.now(),
      });
      await quota?.close();
      await commitUpload(config, stored);
    } catch (e) {
      await quota?.close();
      if (row) await deleteUnattachedUpload(db, row.id);
      await discardUpload(config, stored);
      throw e;
    }
    return c.json({ url: uploadUrl(stored.key), contentType: stored.kind, size: stored.size }, 201);
  });

  return app;
}
