import type { Context } from "hono";
import type { AppEnv } from "../app_env.ts";
import { HttpError } from "../http_error.ts";
import type { Db } from "../../db/client.ts";
import { countRateHit, deleteEndedRateLimits } from "../../db/queries/rate_limits.ts";
import { runInBackground } from "../background.ts";

/** Ended windows are deleted at most this often per process (the rows are tiny; this only bounds the table). */
const SWEEP_MS = 60_000;

/**
 * Fixed-window counters in the database (table `rate_limits`, decision 022): every process
 * serving the site, on this machine or another host, counts into the same rows, so the limit
 * holds for the site and survives a restart. One UPSERT per check, committed without fsync
 * (db/queries/rate_limits.ts): ~50-90 µs a check measured here (~370 µs with fsync), against
 * ~16 ms for the argon2 check a login makes anyway.
 */
export class RateLimiter {
  #lastSweep = 0;

  constructor(private db: Db, private now: () => number = Date.now) {}

  /** Counts one hit; throws 429 with Retry-After once `limit` hits fell in the window. */
  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.now();
    if (now - this.#lastSweep > SWEEP_MS) {
      this.#lastSweep = now;
      runInBackground("rate limit sweep", () => deleteEndedRateLimits(this.db, now).then(() => {}));
    }
    const { count, resetAt } = await countRateHit(this.db, key, now, windowSeconds * 1000);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const unit = retryAfter === 1 ? "second" : "seconds";
      throw new HttpError(429, `Too many attempts. Please try again in ${retryAfter} ${unit}.`, {
        "Retry-After": String(retryAfter),
      });
    }
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
