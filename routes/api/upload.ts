import { Hono } from "hono";
import { rm } from "node:fs/promises";
import type { AppEnv } from "../../lib/app_env.ts";
import { uploadUrl } from "../../lib/content_item.ts";
import { unauthorized } from "../../lib/http_error.ts";
import { checkImage, checkVideo } from "../../lib/media_process.ts";
import type { RateLimiter } from "../../lib/rate_limit.ts";
import { keyPath } from "../../lib/storage.ts";
import { receiveUpload } from "../../lib/upload_stream.ts";
import { insertUpload } from "../../db/queries/uploads.ts";

/**
 * POST /api/upload/file (spec part 1 §7): multipart field `file`, members only. The file is
 * streamed to disk under a server-generated name, its type sniffed from the bytes and its size
 * held to the type's limit as it arrives; answers `{ url }` for the create call that follows.
 */
export function uploadApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  app.post("/file", async (c) => {
    const { user, config, db } = c.var;
    if (!user) throw unauthorized();
    limiter.hit(`upload:${user.id}`, config.upload.perUser, config.upload.windowSeconds);
    const stored = await receiveUpload(c.req.raw, config);
    try {
      const path = keyPath(config, stored.key);
      if (stored.kind === "video") await checkVideo(path);
      else await checkImage(config, path);
      await insertUpload(db, {
        userId: user.id,
        fileKey: stored.key,
        kind: stored.kind,
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
      });
    } catch (e) {
      await rm(keyPath(config, stored.key), { force: true });
      throw e;
    }
    return c.json({ url: uploadUrl(stored.key), contentType: stored.kind, size: stored.size }, 201);
  });

  return app;
}
