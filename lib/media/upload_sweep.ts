import type { Db } from "../../db/client.ts";
import { deleteUnattachedUpload, listStaleUploads } from "../../db/queries/uploads.ts";
import { deleteStaleReservations } from "../../db/queries/quotas.ts";
import { RESERVATION_STALE_MS } from "./quota.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { hasFfmpeg } from "./video_check.ts";
import { removeKeys } from "./storage.ts";

/**
 * Removes uploads never attached to an item within the configured time: the row first, and only
 * if it was still unattached, its file (a concurrent attach never ends up pointing at no file).
 */
export async function sweepUnattachedUploads(db: Db, config: Config, now = Date.now()): Promise<number> {
  let removed = 0;
  // Quota reservations of uploads a crashed process never finished (they stopped counting already).
  await deleteStaleReservations(db, now - RESERVATION_STALE_MS);
  for (;;) {
    const stale = await listStaleUploads(db, now - config.upload.unattachedMs);
    if (!stale.length) return removed;
    for (const row of stale) {
      const fileKey = await deleteUnattachedUpload(db, row.id);
      if (fileKey === null) continue;
      await removeKeys(config, [fileKey]);
      removed++;
    }
  }
}

/** Sweeps at start and then hourly; returns the function that stops it. */
export function startUploadSweeper(db: Db, config: Config): () => void {
  const sweep = () =>
    sweepUnattachedUploads(db, config).then(
      (n) => n && log.info("swept unattached uploads", { removed: n }),
      (e) => log.error("upload sweep failed", { error: String(e) }),
    );
  hasFfmpeg(); // says once at start when ffmpeg is missing
  sweep();
  const timer = setInterval(sweep, 3_600_000);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
