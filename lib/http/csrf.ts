import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { UNSUBSCRIBE_PATH } from "../../common/notification_rules.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether `origin` is the site's own: exactly SITE_URL's origin. The Host header is never
 * consulted (an attacker's page sends `Origin: http://evil.example` to a request whose Host it
 * also controls). When SITE_URL itself is a loopback address, any loopback origin passes too, so
 * a test or local server listening on 127.0.0.1:<port> works.
 */
export function isOwnOrigin(config: Config, origin: string): boolean {
  if (origin === config.siteUrl) return true;
  let site: URL, other: URL;
  try {
    site = new URL(config.siteUrl);
    other = new URL(origin);
  } catch {
    return false;
  }
  return LOOPBACK.has(site.hostname) && LOOPBACK.has(other.hostname) && other.protocol === site.protocol;
}

/**
 * Every state-changing request must come from our own origin. Browsers send Origin on
 * every cross-origin and same-origin POST, and Sec-Fetch-Site on all modern ones; a request
 * with neither is refused too, so a stripped header cannot slip past.
 */
export function csrfMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // RFC 8058 one-click unsubscribe: mail providers POST with no Origin and no session; the token in the
    // address is the proof, and the route does nothing else (issue 33, decision 031). Exactly this path.
    if (!SAFE.has(c.req.method) && !(c.req.method === "POST" && c.req.path === UNSUBSCRIBE_PATH)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const ok = origin ? isOwnOrigin(c.var.config, origin) && (!site || site === "same-origin") : site === "same-origin";
      if (!ok) throw new HttpError(403, "Cross-site request refused");
    }
    await next();
  };
}
