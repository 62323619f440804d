import type { Context } from "hono";
import { createHash } from "node:crypto";
import type { AppEnv } from "../app_env.ts";

/**
 * A generated text answered with validators: a weak ETag of its bytes (weak, since compression
 * changes the bytes on the wire) and Last-Modified, and 304 when the client's copy is current.
 * If-None-Match decides when sent (RFC 9110 §13.2.2): it alone notices an item taken out of a
 * list, which moves no date. Last-Modified is the newest change among what the text lists.
 */
export function sendConditional(c: Context<AppEnv>, body: string, contentType: string, lastModified: Date | null, cacheControl: string) {
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const seconds = lastModified ? Math.floor(lastModified.getTime() / 1000) * 1000 : null;
  const headers: Record<string, string> = { ETag: etag, "Cache-Control": cacheControl };
  if (seconds !== null) headers["Last-Modified"] = new Date(seconds).toUTCString();
  const inm = c.req.header("if-none-match");
  const ims = c.req.header("if-modified-since");
  const fresh = inm !== undefined
    ? inm.split(",").map((t) => t.trim().replace(/^W\//, "")).some((t) => t === "*" || t === etag.slice(2))
    : ims !== undefined && seconds !== null && !Number.isNaN(Date.parse(ims)) && seconds <= Date.parse(ims);
  if (fresh) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, "Content-Type": contentType });
}
