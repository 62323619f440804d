import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import { randomBytes } from "node:crypto";

export const YOUTUBE_FRAME_HOST = "https://www.youtube-nocookie.com";

/** Paths other sites may frame (the embed player); every other page refuses framing. */
const FRAMEABLE = /^\/embed\//;

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A response the page cache may hand to other visitors gets no nonce: a stored nonce would be
    // reused by everyone served from the store. Its scripts are all files from our origin ('self');
    // inline scripts are allowed nowhere, so there is nothing a nonce or hash would need to allow.
    const nonce = c.var.shared ? "" : randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    const ads = c.var.config.adClientId ? " https://pagead2.googlesyndication.com" : "";
    // Public media files redirect to the bucket (or its CDN) with STORAGE=s3: images and players must be allowed to load from there.
    const bucket = c.var.config.storage.mediaOrigin ? ` ${c.var.config.storage.mediaOrigin}` : "";
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}${ads}`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob: https://i.ytimg.com https://img.youtube.com${bucket}`,
        `media-src 'self' blob:${bucket}`,
        `frame-src ${YOUTUBE_FRAME_HOST} https://www.youtube.com${ads ? " https://googleads.g.doubleclick.net" : ""}`,
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        `frame-ancestors ${FRAMEABLE.test(c.req.path) ? "*" : "'none'"}`,
      ].join("; "),
    );
    if (!FRAMEABLE.test(c.req.path)) h.set("X-Frame-Options", "DENY");
    if (c.var.config.secure) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
