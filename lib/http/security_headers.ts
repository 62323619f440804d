import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import { randomBytes } from "node:crypto";

export const YOUTUBE_FRAME_HOST = "https://www.youtube-nocookie.com";

/** Paths other sites may frame (the embed player); every other page refuses framing. */
const FRAMEABLE = /^\/embed\//;

/**
 * The pages that carry the ad tag (routes/pages/home.tsx) when AD_CLIENT_ID is set. Google supports
 * only a strict CSP for it, never a list of hosts ("the domains that the AdSense ad code uses
 * change over time"): every script carries the page's nonce, and what they load is trusted through
 * 'strict-dynamic'. Its documented script-src is taken as written ('unsafe-inline', https: and
 * http: are ignored by browsers that know nonces; 'unsafe-eval' it asks for), and the frames,
 * images and connections its policy leaves open are opened to https: on these pages only. Such a
 * page needs a fresh nonce per response, so the page cache does not share it (app.ts).
 */
export const AD_PAGES = /^\/$/;

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
    const ads = !!c.var.config.adClientId && nonce !== "" && AD_PAGES.test(c.req.path);
    // Public media files redirect to the bucket (or its CDN) with STORAGE=s3: images and players must be allowed to load from there.
    const bucket = c.var.config.storage.mediaOrigin ? ` ${c.var.config.storage.mediaOrigin}` : "";
    const open = ads ? " https:" : "";
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        ads
          ? `script-src 'nonce-${nonce}' 'unsafe-inline' 'unsafe-eval' 'strict-dynamic' https: http:`
          : `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob: https://i.ytimg.com https://img.youtube.com${bucket}${open}`,
        `media-src 'self' blob:${bucket}`,
        `frame-src ${YOUTUBE_FRAME_HOST} https://www.youtube.com${open}`,
        `connect-src 'self'${open}`,
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
