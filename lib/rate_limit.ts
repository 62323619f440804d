import type { Context } from "hono";
import type { AppEnv } from "./app_env.ts";
import { HttpError } from "./http_error.ts";

/**
 * Fixed-window counters in memory: one process serves the site, and a restart forgetting
 * the counts only ever lets someone try again sooner.
 */
export class RateLimiter {
  #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private now: () => number = Date.now) {}

  /** Counts one hit; throws 429 with Retry-After once `limit` hits fell in the window. */
  hit(key: string, limit: number, windowSeconds: number) {
    const now = this.now();
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#hits.size > 100_000) this.#sweep(now);
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.#hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
      const unit = retryAfter === 1 ? "second" : "seconds";
      throw new HttpError(429, `Too many attempts. Please try again in ${retryAfter} ${unit}.`, {
        "Retry-After": String(retryAfter),
      });
    }
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return env?.remoteAddr?.hostname ?? "unknown";
}
