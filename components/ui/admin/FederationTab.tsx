import { useState } from "react";
import type { FederationBlock, KnownServerView } from "../../../common/api_types.ts";
import { FEDERATION_LIMITS, FEDERATION_MSG, normalizeDomain } from "../../../common/federation_rules.ts";
import { formatDate } from "../../../common/format.ts";
import { api } from "../api.ts";
import { act, post, useLoad } from "./data.ts";
import { LoadingBlock } from "../Spinner.tsx";

/**
 * The Federation tab (issue 40 point 5): block a server (its follows, likes and comments here go, its activities are
 * refused and nothing is delivered to it), unblock one, and the servers we have heard from with their followers here.
 */
export default function FederationTab() {
  const [blocks, reloadBlocks] = useLoad<FederationBlock[]>("/api/admin/federation/blocks");
  const [servers, reloadServers] = useLoad<KnownServerView[]>("/api/admin/federation/servers");
  const [domain, setDomain] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => {
    reloadBlocks();
    reloadServers();
  };

  async function block(name: string, why: string) {
    const folded = normalizeDomain(name);
    setError(folded ? null : FEDERATION_MSG.domainInvalid);
    if (!folded || busy) return false;
    setBusy(true);
    const ok = await act(() => post("/api/admin/federation/blocks", { domain: folded, reason: why }), `Blocked ${folded}`, reload);
    setBusy(false);
    return ok;
  }

  const blocked = blocks.status === "ready" ? blocks.data : [];
  const known = servers.status === "ready" ? servers.data : [];
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="fed-blocks" className="rounded-lg border border-neutral-800 p-4">
        <h2 id="fed-blocks" className="text-lg font-semibold">Blocked servers</h2>
        <p className="mt-1 mb-3 max-w-2xl text-sm text-neutral-300">
          A blocked server's follows, likes and comments here are removed, its activities refused, and nothing is delivered to it. A block
          covers the server's subdomains.
        </p>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (await block(domain, reason)) {
              setDomain("");
              setReason("");
            }
          }}
          className="mb-3 flex max-w-2xl flex-wrap gap-2"
        >
          <label htmlFor="fed-domain" className="sr-only">Server to block</label>
          <input
            id="fed-domain"
            className="field min-w-0 flex-1 basis-48"
            placeholder="Server, e.g. spam.example"
            maxLength={FEDERATION_LIMITS.domain}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? "fed-domain-error" : undefined}
          />
          <label htmlFor="fed-reason" className="sr-only">Reason</label>
          <input
            id="fed-reason"
            className="field min-w-0 flex-1 basis-48"
            placeholder="Reason (kept in the log)"
            maxLength={FEDERATION_LIMITS.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="btn-secondary" disabled={busy || !domain.trim()}>Block server</button>
          {error && <p id="fed-domain-error" role="alert" className="field-error w-full">{error}</p>}
        </form>
        {blocks.status === "loading" && <LoadingBlock />}
        {blocks.status === "error" && <p className="text-sm text-red-400">{blocks.message}</p>}
        {blocks.status === "ready" && blocked.length === 0 && <p className="text-sm text-neutral-300">No server is blocked.</p>}
        {blocked.length > 0 && (
          <ul className="divide-y divide-neutral-800" aria-label="Blocked servers" data-testid="blocked-servers">
            {blocked.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <b className="wrap-anywhere">{b.domain}</b>
                <span className="min-w-0 flex-1 wrap-anywhere text-neutral-300">{b.reason || "No reason given"}</span>
                <time dateTime={b.createdAt} className="text-xs text-neutral-400">{formatDate(b.createdAt, "numeric")}</time>
                <button
                  type="button"
                  className="btn-secondary"
                  aria-label={`Unblock ${b.domain}`}
                  onClick={() =>
                    act(
                      () => api(`/api/admin/federation/blocks/${encodeURIComponent(b.domain)}`, { method: "DELETE" }),
                      `Unblocked ${b.domain}`,
                      reload,
                    )}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="fed-servers" className="rounded-lg border border-neutral-800 p-4">
        <h2 id="fed-servers" className="text-lg font-semibold">Known servers</h2>
        <p className="mt-1 mb-3 text-sm text-neutral-300">
          Servers whose accounts followed, liked, replied or reported here, most followers first.
        </p>
        {servers.status === "loading" && <LoadingBlock />}
        {servers.status === "error" && <p className="text-sm text-red-400">{servers.message}</p>}
        {servers.status === "ready" && known.length === 0 && (
          <p className="text-sm text-neutral-300">No other server has been in touch yet.</p>
        )}
        {known.length > 0 && (
          <table className="w-full text-left text-sm" data-testid="known-servers">
            <thead className="text-xs text-neutral-400">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">Server</th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">Followers</th>
                <th scope="col" className="hidden py-1 pr-2 text-right font-medium sm:table-cell">Accounts</th>
                <th scope="col" className="py-1 text-right font-medium">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-800">
              {known.map((s) => (
                <tr key={s.domain} data-domain={s.domain}>
                  <td className="py-2 pr-2 wrap-anywhere">{s.domain}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{s.followers}</td>
                  <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{s.actors}</td>
                  <td className="py-2 text-right">
                    {s.blocked ? <span className="text-xs text-red-300">Blocked</span> : (
                      <button
                        type="button"
                        className="btn-secondary"
                        aria-label={`Block ${s.domain}`}
                        onClick={() => block(s.domain, "")}
                      >
                        Block
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
