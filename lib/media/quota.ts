/**
 * Upload quotas (issue 41 point 3, decision 044): a total and a daily byte limit per member, PeerTube's
 * model. A member's own value (set by an admin) wins over the site's default; admins have none. An
 * upload reserves its bytes as they arrive (db/queries/quotas.ts): refused with 413 naming the quota
 * before the bytes are kept, whether the body declared its length or came chunked.
 */
import type { Db } from "../../db/client.ts";
import {
  closeReservation,
  findQuotaOverrides,
  growReservation,
  openReservation,
  type QuotaClock,
  type QuotaLimits,
  quotaUsage,
} from "../../db/queries/quotas.ts";
import { type Quota, QUOTA_MSG, UNLIMITED } from "../../common/quota_rules.ts";
import { getSiteSettings } from "../settings/site_settings.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";

/** A reservation not grown for this long belongs to a process that died: it no longer counts. */
export const RESERVATION_STALE_MS = 10 * 60_000;
/** Bytes reserved at a time while a body streams in: one statement per step, not per chunk. */
const STEP = 4 * 1024 * 1024;
/** The multipart framing and small fields around the file, as lib/media/upload_stream.ts allows. */
const ENVELOPE_BYTES = 1024 * 1024;

/**
 * The site's default quotas, the one place they are read: from the site settings (issue 41 point 1; the
 * stored ones, else the environment's values for a new site).
 */
export async function quotaDefaults(db: Db, config: Config): Promise<QuotaLimits> {
  const site = await getSiteSettings(db, config);
  return { limit: site.uploadQuotaBytes, dailyLimit: site.dailyUploadQuotaBytes };
}

/** A member's limits: their own, else the site's; null for admins (no quota) and unknown accounts. */
export async function quotaLimitsFor(db: Db, config: Config, userId: number): Promise<QuotaLimits | null> {
  const row = await findQuotaOverrides(db, userId);
  if (!row || row.role === "admin") return null;
  const site = await quotaDefaults(db, config);
  return { limit: row.upload ?? site.limit, dailyLimit: row.daily ?? site.dailyLimit };
}

const clockOf = (config: Config, now: number): QuotaClock => ({
  now,
  unattachedMs: config.upload.unattachedMs,
  staleMs: RESERVATION_STALE_MS,
});

/** `GET /api/user`'s quota: admins' limits are -1 (none). */
export async function quotaOf(db: Db, config: Config, userId: number, now: number): Promise<Quota> {
  const [limits, usage] = await Promise.all([quotaLimitsFor(db, config, userId), quotaUsage(db, userId, clockOf(config, now))]);
  return { ...usage, limit: limits?.limit ?? UNLIMITED, dailyLimit: limits?.dailyLimit ?? UNLIMITED };
}

/**
 * What one upload holds against its member's quotas while its body arrives. `declared` answers a
 * Content-Length far past the room left before any byte is read; `reach` keeps the running count
 * of the file's bytes reserved before they are written. `close` gives the reservation back (the
 * uploads row counts the file from then on).
 */
export class QuotaMeter {
  #id: number | null = null;
  #reserved = 0;

  private constructor(
    readonly db: Db,
    readonly config: Config,
    readonly userId: number,
    readonly limits: QuotaLimits,
    readonly now: () => number,
  ) {}

  /** A meter for the member, or null when no quota applies (admins, both limits unlimited). */
  static async for(db: Db, config: Config, userId: number, now: () => number): Promise<QuotaMeter | null> {
    const limits = await quotaLimitsFor(db, config, userId);
    if (!limits || (limits.limit === UNLIMITED && limits.dailyLimit === UNLIMITED)) return null;
    return new QuotaMeter(db, config, userId, limits, now);
  }

  async declared(bodyBytes: number) {
    const usage = await quotaUsage(this.db, this.userId, clockOf(this.config, this.now()));
    const over = this.#over(usage, bodyBytes - ENVELOPE_BYTES);
    if (over) throw this.#refusal(over);
  }

  async reach(total: number) {
    if (total <= this.#reserved) return;
    const need = total - this.#reserved;
    const t = clockOf(this.config, this.now());
    // A step at a time; near the limit, exactly what is needed, so a file that fits to the byte passes.
    for (const delta of need < STEP ? [STEP, need] : [need]) {
      const ok = this.#id === null
        ? (this.#id = await openReservation(this.db, this.userId, delta, this.limits, t)) !== null
        : await growReservation(this.db, this.#id, this.userId, delta, this.limits, t);
      if (ok) {
        this.#reserved += delta;
        return;
      }
    }
    const usage = await quotaUsage(this.db, this.userId, t);
    throw this.#refusal(this.#over(usage, need) ?? "total");
  }

  async close() {
    if (this.#id !== null) await closeReservation(this.db, this.#id);
    this.#id = null;
  }

  #over(usage: { used: number; dailyUsed: number }, bytes: number): "total" | "daily" | null {
    if (bytes <= 0) return null;
    if (this.limits.limit !== UNLIMITED && usage.used + bytes > this.limits.limit) return "total";
    if (this.limits.dailyLimit !== UNLIMITED && usage.dailyUsed + bytes > this.limits.dailyLimit) return "daily";
    return null;
  }

  #refusal(kind: "total" | "daily") {
    const limit = kind === "total" ? this.limits.limit : this.limits.dailyLimit;
    return new HttpError(413, QUOTA_MSG.exceeded(kind, limit), undefined, kind === "total" ? "upload_quota" : "daily_upload_quota");
  }
}
