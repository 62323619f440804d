import type { Context } from "hono";
import { writeTx } from "../../db/client.ts";
import { findMediaAccess } from "../../db/queries/media.ts";
import { recentView, recordView } from "../../db/queries/social.ts";
import type { AppEnv } from "../app_env.ts";
import { notFound } from "../http_error.ts";
import { clientIp } from "../http/rate_limit.ts";
import { visitorKey } from "./signing.ts";
import { canView } from "./visibility.ts";
import { CONTENT_NOT_FOUND, CONTENT_NOT_FOUND_TEXT } from "../../common/media_rules.ts";

// The texts live in common/ so the error page (lib/render/) shows them without importing media code.
export { CONTENT_NOT_FOUND, CONTENT_NOT_FOUND_TEXT };

/** The item if this viewer may see it; otherwise the same 404 as a missing one. */
export async function visibleMediaOr404(c: Context<AppEnv>, id: number) {
  const item = await findMediaAccess(c.var.db, id);
  if (!item || !canView(item, c.var.user)) throw notFound(CONTENT_NOT_FOUND);
  return item;
}

/** Who this viewer is for counting: the account, or a keyed hash of the address. */
export function viewerKey(c: Context<AppEnv>): string {
  return c.var.user ? `u:${c.var.user.id}` : visitorKey(c.var.config, clientIp(c));
}

/**
 * Counts a view once per viewer per item per window. HEAD requests and range continuations
 * (a Range not starting at byte 0) never count. The cheap read comes first, so a repeat
 * visitor costs no write.
 */
export async function countView(c: Context<AppEnv>, mediaId: number) {
  if (c.req.method !== "GET") return;
  const range = c.req.header("range");
  if (range && !/^bytes=0-/.test(range.trim())) return;
  const now = Date.now();
  const since = now - c.var.config.viewWindowMs;
  const key = viewerKey(c);
  if (await recentView(c.var.db, mediaId, key, since)) return;
  await writeTx(c.var.db, (tx) => recordView(tx, mediaId, key, now, since));
}
