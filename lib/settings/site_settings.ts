/**
 * The site's settings (issue 41 point 1, decision 043): the environment gives a new site's values; the first save on
 * the admin Settings tab stores the whole set in `site_settings`, and from then on the stored values win.
 *
 * Every process keeps the set it read last and asks the `settings` shared counter (one row, the same read as the
 * content version, decision 022) at most every CHECK_MS whether another process saved since; a save in this process
 * is in force here at once. So a change reaches every worker within CHECK_MS plus one request, with no restart.
 *
 * The settings that were fields of the config (site name, description, the legal texts' operator, address, law and
 * addresses) are written over those fields of this process's config object as they change: the code that reads
 * `config.siteName` (pages, mails, feeds, legal texts) needs no other change, and never reads a stale name for
 * longer than the check allows.
 */
import type { MiddlewareHandler } from "hono";
import { type Db, writeTx } from "../../db/client.ts";
import { bumpCounter, readCounter } from "../../db/queries/counters.ts";
import { readSiteSettingsRow, writeSiteSettingsRow } from "../../db/queries/site_settings.ts";
import { insertAuditEntry } from "../../db/queries/audit.ts";
import { settingsSchema } from "../../common/schemas/settings.ts";
import type { SiteSettings } from "../../common/site_settings.ts";
import type { AppEnv } from "../app_env.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { contentChanged } from "../http/content_version.ts";

export type { SiteSettings };

const COUNTER = "settings";
/** How long a process trusts the set it read before asking the database again. */
export const CHECK_MS = 1000;

type State = { version: number; checkedAt: number; stored: SiteSettings | null };
const states = new WeakMap<Db, State>();
const envValues = new WeakMap<Config, SiteSettings>();
const applied = new WeakMap<Config, { settings: SiteSettings; stamp: number }>();

/** The environment's values: what a site that never saved its settings uses (read before any save is applied). */
export function envSettings(config: Config): SiteSettings {
  let values = envValues.get(config);
  if (!values) {
    values = {
      siteName: config.siteName,
      siteDescription: config.tagline,
      registrations: config.siteDefaults.registrations,
      uploadQuotaBytes: config.siteDefaults.uploadQuotaBytes,
      dailyUploadQuotaBytes: config.siteDefaults.dailyUploadQuotaBytes,
      operatorName: config.operatorName,
      operatorAddress: config.operatorAddress ?? "",
      governingLaw: config.governingLaw,
      supportEmail: config.supportEmail,
      copyrightEmail: config.copyrightEmail,
    };
    envValues.set(config, values);
  }
  return values;
}

/** The stored set over the environment's (a setting added by a later version has no stored value yet). */
function parseStored(config: Config, data: string): SiteSettings | null {
  try {
    const parsed = settingsSchema.safeParse({ ...envSettings(config), ...JSON.parse(data) });
    if (parsed.success) return parsed.data as SiteSettings;
    log.warn("stored site settings ignored", { error: parsed.error.issues[0]?.message });
  } catch (err) {
    log.warn("stored site settings ignored", { error: String(err) });
  }
  return null;
}

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) states.set(db, state = { version: -1, checkedAt: -Infinity, stored: null });
  return state;
}

/**
 * The settings in force: the accessor every part of the server reads them through (registrations here, the upload
 * quotas' defaults in lib/media). At most one counter read per CHECK_MS, and the row only when it moved.
 */
export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  const state = stateOf(db);
  const now = performance.now();
  if (now - state.checkedAt >= CHECK_MS) {
    state.checkedAt = now;
    const version = await readCounter(db, COUNTER);
    if (version !== state.version) {
      const data = await readSiteSettingsRow(db);
      state.stored = data === null ? null : parseStored(config, data);
      state.version = Math.max(state.version, version);
    }
  }
  const settings = state.stored ?? envSettings(config);
  applyToConfig(config, settings);
  return settings;
}

/** Moves with every set written over a config: kept renderings of the legal texts (lib/render/site_texts.ts) key on it. */
export const settingsStamp = (config: Config): number => applied.get(config)?.stamp ?? 0;

function applyToConfig(config: Config, settings: SiteSettings) {
  envSettings(config);
  const last = applied.get(config);
  if (last?.settings === settings) return;
  config.siteName = settings.siteName;
  config.tagline = settings.siteDescription;
  config.operatorName = settings.operatorName;
  config.operatorAddress = settings.operatorAddress || undefined;
  config.governingLaw = settings.governingLaw;
  config.supportEmail = settings.supportEmail;
  config.copyrightEmail = settings.copyrightEmail;
  applied.set(config, { settings, stamp: (last?.stamp ?? 0) + 1 });
}

/** App middleware: each request runs with the settings in force (the config's fields written over, at most every CHECK_MS a read). */
export const siteSettings = (db: Db, config: Config): MiddlewareHandler<AppEnv> => async (_c, next) => {
  await getSiteSettings(db, config);
  await next();
};

type Changed = Partial<SiteSettings>;

/**
 * Saves a change by `actorId`: the whole set is stored (so the environment no longer decides any of it), with an
 * audit entry naming the settings that changed, before and after, in one transaction. Then the counters move, so
 * other processes read it within CHECK_MS and the pages cached under the old content version are not served again.
 */
export async function saveSiteSettings(db: Db, config: Config, patch: Changed, actorId: number): Promise<SiteSettings> {
  const now = Date.now();
  const { settings, version } = await writeTx(db, async (tx) => {
    const data = await readSiteSettingsRow(tx);
    const before = (data === null ? null : parseStored(config, data)) ?? envSettings(config);
    const after: SiteSettings = { ...before, ...patch };
    const was: Changed = {};
    const is: Changed = {};
    for (const key of Object.keys(patch) as (keyof SiteSettings)[]) {
      if (before[key] === after[key]) continue;
      (was as Record<string, unknown>)[key] = before[key];
      (is as Record<string, unknown>)[key] = after[key];
    }
    await writeSiteSettingsRow(tx, JSON.stringify(after), now);
    if (Object.keys(is).length) {
      await insertAuditEntry(
        tx,
        { actorId, action: "settings.update", targetType: "site", targetId: 1, details: { before: was, after: is }, subjectId: null },
        now,
      );
    }
    return { settings: after, version: await bumpCounter(tx, COUNTER) };
  });
  await contentChanged(db);
  const state = stateOf(db);
  if (version > state.version) Object.assign(state, { version, stored: settings, checkedAt: performance.now() });
  applyToConfig(config, state.stored ?? settings);
  return settings;
}
