import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app_env.ts";
import { dynamicEncoding } from "./compress.ts";
import { contentVersion } from "./content_version.ts";

type Entry = { at: number; status: number; headers: [string, string][]; body: Uint8Array };

const MAX_ENTRIES = 500;
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?dr_(?:session|flash)=/;
const SEED_COOKIE = /(?:^|;\s*)dr_seed=([^;]*)/;
const CSS_COOKIE = /(?:^|;\s*)dr_css=([^;]*)/;

/**
 * A short cache of whole responses (compressed, headers included) for visitors without a
 * session: most traffic of a site like this is anonymous and sees the same home page and feed
 * pages. Anything personal stays out: requests with a session or flash cookie, responses that
 * set a cookie (the home page's random shuffle does), and everything but 200.
 */
export function microCache(paths: RegExp, ttlSeconds: number): MiddlewareHandler<AppEnv> {
  const store = new Map<string, Entry>();
  const ttl = ttlSeconds * 1000;
  return async (c, next) => {
    if (ttl === 0 || c.req.method !== "GET" || !paths.test(c.req.path)) return next();
    const cookie = c.req.header("cookie") ?? "";
    if (PERSONAL_COOKIE.test(cookie)) return next();
    // Everything else a page depends on: the remembered shuffle seed, whether the stylesheet is
    // inlined, and the encoding; and the content version, so nothing moderation removed (or
    // approved) is served from before the change.
    const key = [
      contentVersion(c.var.db),
      c.req.url,
      SEED_COOKIE.exec(cookie)?.[1] ?? "",
      CSS_COOKIE.exec(cookie)?.[1] ?? "",
      dynamicEncoding(c.req.header("accept-encoding") ?? "") ?? "",
    ].join("|");
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
    const body = new Uint8Array(await res.arrayBuffer());
    if (store.size >= MAX_ENTRIES) {
      for (const [k, e] of store) if (now - e.at >= ttl || store.size >= MAX_ENTRIES) store.delete(k);
    }
    store.set(key, { at: now, status: res.status, headers: [...res.headers], body });
    c.res = new Response(body as BodyInit, res);
  };
}
