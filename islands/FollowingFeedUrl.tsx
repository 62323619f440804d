import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

/**
 * /profile's private address of the Following tab for feed readers (issue 32): RSS, or Atom with
 * `?format=atom`. "New address" makes another one; the old address then answers 404.
 */
export default function FollowingFeedUrl({ url: first }: { url: string }) {
  const [url, setUrl] = useState(first);
  const [busy, setBusy] = useState(false);
  async function renew() {
    setBusy(true);
    try {
      setUrl((await api<{ url: string }>("/api/user/following-feed/token", { method: "POST" })).url);
      toast({ title: "New feed address made", description: "The old address no longer works." });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Feed address copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the address and copy it by hand.", variant: "destructive" });
    }
  }
  return (
    <section aria-labelledby="following-feed-title" className="mt-8 rounded-xl bg-neutral-900 p-4" data-testid="following-feed">
      <h2 id="following-feed-title" className="text-lg font-semibold">Following feed</h2>
      <p className="mb-3 text-sm text-neutral-400">
        Your Following tab for a feed reader (RSS; add <code>?format=atom</code>{" "}
        for Atom). The address is private: anyone who has it can read the list. If it leaked, make a new one.
      </p>
      <label className="sr-only" htmlFor="following-feed-url">Your private feed address</label>
      <input
        id="following-feed-url"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="field font-mono text-xs"
        data-testid="following-feed-url"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={copy}>Copy</button>
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={renew} disabled={busy}>New address</button>
      </div>
    </section>
  );
}
