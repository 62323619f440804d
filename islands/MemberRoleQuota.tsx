import { useState } from "react";
import { api } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { type Role, ROLE_LABELS, ROLES } from "../common/roles.ts";
import { type Quota, quotaLine } from "../common/quota_rules.ts";

export type MemberRoleQuotaProps = {
  userId: number;
  role: Role;
  /** The admin's own page: changing one's own role is allowed, but said. */
  self: boolean;
  uploadQuotaBytes: number | null;
  dailyUploadQuotaBytes: number | null;
  quota: Quota;
};

const MB = 1024 * 1024;

/** Bytes as the field shows them: MB, -1 unlimited, empty for the site's default. */
const toField = (bytes: number | null) => (bytes === null ? "" : bytes === -1 ? "-1" : String(Math.round((bytes / MB) * 100) / 100));

/** The field back to bytes; undefined when it is not a number. */
function fromField(text: string): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  const n = Number(t);
  if (!Number.isFinite(n) || (n < 0 && n !== -1)) return undefined;
  return n === -1 ? -1 : Math.round(n * MB);
}

/**
 * The member page's role and upload quotas (issue 41 points 3 and 4), admins only:
 * `PATCH /api/admin/users/{id}`, then the page is read again.
 */
export default function MemberRoleQuota(props: MemberRoleQuotaProps) {
  const [role, setRole] = useState<Role>(props.role);
  const [total, setTotal] = useState(toField(props.uploadQuotaBytes));
  const [daily, setDaily] = useState(toField(props.dailyUploadQuotaBytes));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(e: { preventDefault(): void }) {
    e.preventDefault();
    const uploadQuotaBytes = fromField(total);
    const dailyUploadQuotaBytes = fromField(daily);
    if (uploadQuotaBytes === undefined || dailyUploadQuotaBytes === undefined) {
      setError("A quota is a number of MB, -1 for unlimited, or empty for the site's default");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api(`/api/admin/users/${props.userId}`, { method: "PATCH", body: { role, uploadQuotaBytes, dailyUploadQuotaBytes } });
      toast({ title: "Saved", description: "The role and quotas were changed." });
      location.reload();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  const { quota } = props;
  return (
    <form onSubmit={save} className="flex flex-col gap-3 rounded-lg border border-neutral-800 p-3" aria-label="Role and upload quota">
      <h2 className="text-base font-semibold">Role and upload quota</h2>
      <p className="text-sm text-neutral-300" data-testid="member-quota">
        Stored: {quotaLine(quota.used, quota.limit)} · last 24 hours: {quotaLine(quota.dailyUsed, quota.dailyLimit)}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          <span>Role</span>
          <select className="field" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value as Role)} disabled={busy}>
            {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Upload quota (MB)</span>
          <input
            className="field"
            inputMode="decimal"
            value={total}
            placeholder="Site default"
            onInput={(e) => setTotal((e.target as HTMLInputElement).value)}
            disabled={busy}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Daily upload quota (MB)</span>
          <input
            className="field"
            inputMode="decimal"
            value={daily}
            placeholder="Site default"
            onInput={(e) => setDaily((e.target as HTMLInputElement).value)}
            disabled={busy}
          />
        </label>
      </div>
      <p className="text-xs text-neutral-400">Empty: the site's default. -1: unlimited. Admins have no quota.</p>
      {props.self && role !== "admin" && <p className="text-xs text-amber-300">You are changing your own role.</p>}
      {error && <p role="alert" className="field-error">{error}</p>}
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>Save</button>
      </div>
    </form>
  );
}
