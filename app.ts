import { Hono } from "hono";
import type { Db } from "./db/client.ts";
import type { AppEnv } from "./lib/app_env.ts";
import type { Config } from "./lib/config.ts";
import { compression } from "./lib/http/compress.ts";
import { refreshContentVersion } from "./lib/http/content_version.ts";
import { microCache } from "./lib/render/micro_cache.ts";
import { csrfMiddleware } from "./lib/http/csrf.ts";
import { HttpError } from "./lib/http_error.ts";
import { log } from "./lib/log.ts";
import { RateLimiter } from "./lib/http/rate_limit.ts";
import { securityHeaders } from "./lib/http/security_headers.ts";
import { sessionMiddleware } from "./lib/auth/session.ts";
import { mountRoutes } from "./routes/mod.ts";
import { healthRoutes } from "./routes/healthz.ts";
import { errorPage, notFoundPage } from "./lib/render/error_pages.tsx";
import { federationMiddleware, federationOffMiddleware } from "./lib/federation/mount.ts";

/** `now`: the clock a temporary ban's end is read against; tests move it instead of waiting (decision 033). */
export type AppDeps = { db: Db; limiter?: RateLimiter; now?: () => number };

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** Builds the app. The middleware order below is the only place it is decided. */
export function createApp(config: Config, deps: AppDeps) {
  const app = new Hono<AppEnv>();
  let nextRequestId = 0;

  app.use(async (c, next) => {
    c.set("config", config);
    c.set("db", deps.db);
    c.set("requestId", (++nextRequestId).toString(36));
    c.set("user", null);
    c.set("nonce", "");
    c.set("shared", false);
    c.set("now", deps.now ?? Date.now);
    // What another process moderated shows here at once (decision 022): one row read per page request.
    // Not for /healthz, which must answer 503 (not fail) when the database does not answer.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && c.req.path !== "/healthz") await refreshContentVersion(deps.db);
    await next();
  });
  // Outside compression, so a hit is served as stored: compressed, headers and all. A page with the
  // ad tag (AD_PAGES in lib/http/security_headers.ts: the home page) needs a nonce of its own per response, so with AD_CLIENT_ID it is never shared.
  app.use(microCache(config.adClientId ? /^\/api\/content\/feed$/ : /^\/(api\/content\/feed)?$/, config.pageCacheSeconds));
  app.use(compression());
  app.use(securityHeaders());
  // Before the session: no cookie read, none set (issue 37).
  app.route("/healthz", healthRoutes);
  // ActivityPub (issue 40): before CSRF and the session, as a remote server's signed POST carries neither.
  app.use(config.federation.enabled ? federationMiddleware(deps.db, config) : federationOffMiddleware());
  app.use(csrfMiddleware());
  app.use(sessionMiddleware());

  mountRoutes(app, { limiter: deps.limiter ?? new RateLimiter(deps.db) });

  app.notFound((c) => {
    if (isApi(c.req.path)) return c.json({ error: "Not found" }, 404);
    return notFoundPage(c);
  });

  app.onError((err, c) => {
    const known = err instanceof HttpError;
    const status = known ? err.status : 500;
    const message = known ? err.message : "Something went wrong on our side. Please try again.";
    // The error itself: lib/log.ts writes its stack and cause, without a failed statement's parameters.
    if (!known) log.error("request failed", { requestId: c.var.requestId, path: c.req.path, error: err });
    // A storage failure (StorageError, 503) carries what the backend said: the operator needs it, the visitor does not.
    if (known && "detail" in err) log.error("storage failed", { requestId: c.var.requestId, path: c.req.path, detail: String(err.detail) });
    if (known && err.headers) { for (const [k, v] of Object.entries(err.headers)) c.header(k, v); }
    if (isApi(c.req.path) || c.req.method !== "GET") {
      return c.json({ error: message, ...(known && err.code ? { code: err.code } : {}), ...(known ? err.extra : {}) }, status);
    }
    return errorPage(c, status, message);
  });

  return app;
}
