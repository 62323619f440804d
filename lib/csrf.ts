import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app_env.ts";
import { HttpError } from "./http_error.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must come from our own origin. Browsers send Origin on
 * every cross-origin and same-origin POST, and Sec-Fetch-Site on all modern ones; a request
 * with neither is refused too, so a stripped header cannot slip past.
 */
export function csrfMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const own = new Set([c.var.config.siteUrl, new URL(c.req.url).origin]);
      const ok = origin ? own.has(origin) && (!site || site === "same-origin") : site === "same-origin";
      if (!ok) throw new HttpError(403, "Cross-site request refused");
    }
    await next();
  };
}
