import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { findMediaByFileKey } from "../../db/queries/media.ts";
import { badRequest, forbidden, notFound } from "../../lib/http_error.ts";
import { checkKeySignature, signedKeyQuery } from "../../lib/media/signing.ts";
import { keyFromPath } from "../../lib/media/storage.ts";
import { serveStored } from "../../lib/media/serve_stored.ts";
import { isPublic } from "../../lib/media/visibility.ts";

export const EXPIRED = "This link has expired";
export const FORGED = "Invalid signature";

/**
 * GET /api/s3/{key}?getUrl=true answers `{ url }` for a file of a public item: a link to the
 * same path signed with HMAC-SHA256 over key and expiry. Following it serves the file (with
 * Range) without a session until it expires, and only while the item is still approved and not
 * hidden (pending, rejected and hidden files are invisible to the public everywhere; owners and
 * admins use /uploads with their session). A forged or expired signature gets 403.
 */
export const s3Api = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const key = keyFromPath(c.req.path, "/api/s3/");
  if (!key) throw badRequest("Invalid storage key");
  const { config, db } = c.var;
  if (c.req.query("getUrl") === "true") {
    // A signed link works without a session, so it may only ever reach what a visitor may see.
    const item = await findMediaByFileKey(db, key);
    if (!item || !isPublic(item)) throw notFound("File not found");
    const { expires, signature } = signedKeyQuery(config, key);
    c.header("Cache-Control", "private, no-store");
    return c.json({ url: `/api/s3/${key}?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000).toISOString() });
  }
  const check = checkKeySignature(config, key, c.req.query("expires"), c.req.query("signature"));
  if (check === "invalid") throw forbidden(FORGED);
  if (check === "expired") throw forbidden(EXPIRED);
  // A deleted item's files are gone with it; a signed link never outlives the row, nor the
  // item's approval (an item hidden, rejected or sent back to review stops being served).
  const item = await findMediaByFileKey(db, key);
  if (!item || !isPublic(item)) throw notFound("File not found");
  return await serveStored(c.req.raw, config, key, item, true, "private, max-age=300");
});
