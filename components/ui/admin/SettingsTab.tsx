import { useEffect, useState } from "react";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import { firstError } from "../../../common/schemas/form.ts";
import { settingsPatchSchema } from "../../../common/schemas/settings.ts";
import { REGISTRATION_LABEL, REGISTRATION_MODES, SETTING_LIMITS as L, type SiteSettings } from "../../../common/site_settings.ts";
import { LoadingBlock } from "../Spinner.tsx";

type Texts = Exclude<keyof SiteSettings, "registrations" | "uploadQuotaBytes" | "dailyUploadQuotaBytes">;
const TEXTS: { key: Texts; label: string; max: number; type?: string; hint?: string }[] = [
  { key: "siteName", label: "Site name", max: L.siteName },
  { key: "siteDescription", label: "Description (under the logo)", max: L.siteDescription },
  { key: "operatorName", label: "Operator (named in the Terms, Privacy Policy and FAQ)", max: L.operatorName },
  { key: "operatorAddress", label: "Operator's postal address (optional)", max: L.operatorAddress },
  { key: "governingLaw", label: "Governing law", max: L.governingLaw, hint: "Completes “These terms are governed by …”" },
  { key: "supportEmail", label: "Support email", max: 254, type: "email" },
  { key: "copyrightEmail", label: "Copyright email", max: 254, type: "email" },
];
const MB = 1024 * 1024;
/** Quotas are edited in MB, sent in bytes; an empty field is no limit (-1). */
const toMb = (bytes: number) => (bytes < 0 ? "" : String(Math.round((bytes / MB) * 100) / 100));
const toBytes = (mb: string) => (mb.trim() === "" ? -1 : Math.round(Number(mb) * MB));

/**
 * The site's settings (issue 41 point 1): what the environment gave a new site, edited here; a save sends only what
 * changed (`PATCH /api/admin/settings`) and is in force on every process within a couple of seconds.
 */
export default function SettingsTab() {
  const [saved, setSaved] = useState<SiteSettings | null>(null);
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [quota, setQuota] = useState({ total: "", daily: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (s: SiteSettings) => {
    setSaved(s);
    setForm(s);
    setQuota({ total: toMb(s.uploadQuotaBytes), daily: toMb(s.dailyUploadQuotaBytes) });
  };
  useEffect(() => {
    api<SiteSettings>("/api/admin/settings").then(show, (e) => setError((e as Error).message));
  }, []);
  if (!form || !saved) return error ? <p className="py-12 text-center text-red-400">{error}</p> : <LoadingBlock />;

  const next: SiteSettings = { ...form, uploadQuotaBytes: toBytes(quota.total), dailyUploadQuotaBytes: toBytes(quota.daily) };
  const changed = Object.fromEntries(
    (Object.keys(next) as (keyof SiteSettings)[]).filter((k) => next[k] !== saved[k]).map((k) => [k, next[k]]),
  );

  async function save(e: { preventDefault: () => void }) {
    e.preventDefault();
    const checked = settingsPatchSchema.safeParse(changed);
    setError(firstError(checked));
    if (!checked.success) return;
    setBusy(true);
    try {
      show(await api<SiteSettings>("/api/admin/settings", { method: "PATCH", body: checked.data }));
      toast({ title: "Settings saved" });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="max-w-2xl space-y-6" aria-label="Site settings" noValidate>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-lg font-semibold">Sign-ups</legend>
        {REGISTRATION_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="registrations"
              value={mode}
              checked={form.registrations === mode}
              onChange={() => setForm({ ...form, registrations: mode })}
              className="accent-orange-500"
            />
            {REGISTRATION_LABEL[mode]}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Default upload quotas</legend>
        {([["total", "Total per member (MB)"], ["daily", "Per member per day (MB)"]] as const).map(([key, label]) => (
          <div key={key}>
            <label htmlFor={`quota-${key}`} className="mb-1 block text-sm font-medium">{label}</label>
            <input
              id={`quota-${key}`}
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              placeholder="No limit"
              className="field"
              value={quota[key]}
              onChange={(e) => setQuota({ ...quota, [key]: e.target.value })}
            />
          </div>
        ))}
        <p className="text-xs text-neutral-400 sm:col-span-2">Empty: no limit. Admins have none.</p>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">Site and legal texts</legend>
        {TEXTS.map(({ key, label, max, type, hint }) => (
          <div key={key}>
            <label htmlFor={`setting-${key}`} className="mb-1 block text-sm font-medium">{label}</label>
            <input
              id={`setting-${key}`}
              type={type ?? "text"}
              maxLength={max}
              className="field"
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
            {hint && <p className="mt-1 text-xs text-neutral-400">{hint}</p>}
          </div>
        ))}
      </fieldset>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy || Object.keys(changed).length === 0}>
          {busy ? "Saving..." : "Save settings"}
        </button>
        <span className="text-xs text-neutral-400">
          Saved here, these win over the environment variables they started from (SITE_NAME, REGISTRATIONS …).
        </span>
      </div>
    </form>
  );
}
