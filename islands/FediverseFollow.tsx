import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { FEDERATION_LIMITS, FEDERATION_MSG, parseAccount } from "../common/federation_rules.ts";

/**
 * A public profile's fediverse handle (issue 40 point 2) with a copy button, and "Follow from your server": a Mastodon
 * (Pixelfed, PeerTube ...) user types their own address and is sent to their server's follow page for this member (the
 * server looks the page up, POST /api/federation/remote-follow).
 */
export default function FediverseFollow({ username, handle }: { username: string; handle: string }) {
  const [account, setAccount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(handle);
      toast({ title: "Handle copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the handle and copy it by hand.", variant: "destructive" });
    }
  }

  async function follow(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!parseAccount(account)) {
      setError(FEDERATION_MSG.accountInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>("/api/federation/remote-follow", { method: "POST", body: { username, account } });
      location.assign(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong");
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="fediverse-title" className="rounded-xl bg-neutral-900 p-4" data-testid="fediverse-follow">
      <h2 id="fediverse-title" className="text-base font-semibold">On the fediverse</h2>
      <p className="mb-2 text-sm text-neutral-300">Follow from Mastodon, Pixelfed or any ActivityPub server:</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 wrap-anywhere rounded bg-neutral-950 px-2 py-1 text-sm text-sky-200" data-testid="fediverse-handle">
          {handle}
        </code>
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={copy} aria-label={`Copy ${handle}`}>Copy</button>
      </div>
      <form onSubmit={follow} className="mt-3 flex flex-wrap gap-2">
        <label htmlFor="fediverse-account" className="w-full text-sm text-neutral-300">Follow from your server</label>
        <input
          id="fediverse-account"
          className="field min-w-0 flex-1 basis-48"
          placeholder="you@your.server"
          autoComplete="off"
          spellCheck={false}
          maxLength={FEDERATION_LIMITS.account}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? "fediverse-account-error" : undefined}
        />
        <button type="submit" className="btn-primary px-4 py-1.5" disabled={busy || !account.trim()}>Follow</button>
        {error && <p id="fediverse-account-error" role="alert" className="field-error w-full">{error}</p>}
      </form>
    </section>
  );
}
