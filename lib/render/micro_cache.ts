import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../app_env.ts";
import { CSS_COOKIE } from "./assets.ts";
import { dynamicEncoding } from "../http/compress.ts";
import { SEED_COOKIE } from "../feed/feed.ts";
import { hasFlash } from "../http/flash.ts";
import { log } from "../log.ts";
import { sessionIdOf } from "../auth/session.ts";
import { ageConfirmed } from "./age_gate.ts";
import { contentVersion } from "../http/content_version.ts";
import { settingsStamp } from "../settings/site_settings.ts";

type Entry = { at: number; status: number; headers: [string, string][]; body: Uint8Array };

const MAX_ENTRIES = 500;

/**
 * Whether a request is a visitor's, decided by the very cookie reads the session and flash code
 * make (quality bar 20): a hand-written test once took `dr_session =<token>` for a visitor while
 * the session code signed it in, and the next visitor got that member's account menu.
 */
export function isAnonymousRequest(c: Context<AppEnv>): boolean {
  return !sessionIdOf(c) && !hasFlash(c);
}

/**
 * Everything an anonymous page depends on besides its URL: the remembered shuffle seed, whether
 * the stylesheet is inlined, whether the age gate shows, and the encoding; and the content version
 * (lib/http/content_version.ts), so nothing moderation removed or approved is served from before it; and the site settings in
 * force here (issue 41): a save moves the content version at once but another process reads the settings up to a second later,
 * and a page rendered in between must not be kept under the new version. A new dependency is one more line here.
 */
function cacheKey(c: Context<AppEnv>): string {
  return [
    contentVersion(c.var.db),
    settingsStamp(c.var.config),
    c.req.url,
    getCookie(c, SEED_COOKIE) ?? "",
    getCookie(c, CSS_COOKIE) ?? "",
    ageConfirmed(c.req.header("cookie") ?? "") ? "18+" : "",
    dynamicEncoding(c.req.header("accept-encoding") ?? "") ?? "",
  ].join("|");
}

/**
 * A short cache of whole responses (compressed, headers included) for visitors without a
 * session: most traffic of a site like this is anonymous and sees the same home page and feed
 * pages. Anything personal stays out: requests with a session or flash cookie, responses that
 * set a cookie (the home page's random shuffle does), responses rendered for a user however the
 * request looked, and everything but 200. Pages that may be stored are rendered without a CSP
 * nonce (see `shared` in lib/http/security_headers.ts), so no nonce is ever handed to two visitors.
 */
export function microCache(paths: RegExp, ttlSeconds: number): MiddlewareHandler<AppEnv> {
  const store = new Map<string, Entry>();
  const ttl = ttlSeconds * 1000;
  return async (c, next) => {
    if (ttl === 0 || c.req.method !== "GET" || !paths.test(c.req.path) || !isAnonymousRequest(c)) return next();
    c.set("shared", true);
    const key = cacheKey(c);
    const now = Date.now();
    const hit = store.get(key);
    if (hit && now - hit.at < ttl) {
      const headers = new Headers(hit.headers);
      headers.set("Age", String(Math.floor((now - hit.at) / 1000)));
      return new Response(hit.body as BodyInit, { status: hit.status, headers });
    }
    await next();
    const res = c.res;
    if (res.status !== 200 || !res.body || res.headers.has("set-cookie")) return;
    if (c.var.user || c.var.sessionHash) {
      log.error("page cache: a response rendered for a user was not stored", { requestId: c.var.requestId, path: c.req.path });
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    if (store.size >= MAX_ENTRIES) {
      for (const [k, e] of store) if (now - e.at >= ttl || store.size >= MAX_ENTRIES) store.delete(k);
    }
    store.set(key, { at: now, status: res.status, headers: [...res.headers], body });
    c.res = new Response(body as BodyInit, res);
  };
}
