import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

export type RemoteAccountRow = { remoteActorId: number; kind: "block" | "mute"; handle: string };

/**
 * /profile's "Blocked and muted accounts" on other servers (issue 40 point 5), next to the Muted section: each with
 * Unblock or Unmute. They are added from a remote comment's menu on a media page; a block also ends their follow.
 */
export default function RemoteAccountsList({ initial }: { initial: RemoteAccountRow[] }) {
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function lift(r: RemoteAccountRow) {
    setBusy(true);
    try {
      await api(`/api/user/remote-actors/${r.remoteActorId}/${r.kind}`, { method: "DELETE" });
      setRows(await api<RemoteAccountRow[]>("/api/user/remote-actors"));
      toast({ title: `${r.kind === "block" ? "Unblocked" : "Unmuted"} ${r.handle}` });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="remote-accounts-title" className="mt-8 rounded-xl bg-neutral-900 p-4" data-testid="remote-accounts-section">
      <h2 id="remote-accounts-title" className="text-lg font-semibold">Blocked and muted accounts on other servers</h2>
      <p className="mb-3 text-sm text-neutral-400">
        Their comments are hidden from you. A blocked account can no longer follow you, reply to or like your items.
      </p>
      {rows.length === 0
        ? <p className="text-sm text-neutral-400">No accounts from other servers blocked or muted.</p>
        : (
          <ul className="flex flex-col gap-2">
            {rows.map((r) => (
              <li
                key={`${r.kind}:${r.remoteActorId}`}
                className="flex items-center justify-between gap-2 text-sm"
                data-remote-account={r.handle}
              >
                <span className="min-w-0 wrap-anywhere">
                  <span className="text-neutral-400">{r.kind === "block" ? "Blocked" : "Muted"}:</span> {r.handle}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  className="shrink-0 rounded border border-neutral-700 px-2 py-0.5 text-xs hover:bg-neutral-800"
                  onClick={() => lift(r)}
                >
                  {r.kind === "block" ? "Unblock" : "Unmute"}
                </button>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
