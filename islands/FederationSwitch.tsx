import { useState } from "react";
import { api } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { failureText } from "../components/ui/failure.ts";

/**
 * /profile's "federated" switch (issue 40 point 6): on, people on Mastodon and other fediverse servers can follow the
 * member by their handle and see their public uploads; off, the handle stops answering, the servers that followed are
 * told, and nothing more is sent (PATCH /api/user `{ federated }`).
 */
export default function FederationSwitch({ federated: first, handle }: { federated: boolean; handle: string }) {
  const [federated, setFederated] = useState(first);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    const next = !federated;
    setBusy(true);
    try {
      await api("/api/user", { method: "PATCH", body: { federated: next } });
      setFederated(next);
      toast({ title: next ? "Followable from the fediverse" : "No longer on the fediverse" });
    } catch (err) {
      toast({ title: "Could not change it", description: failureText(err, "Try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="federation-title" className="mt-8 rounded-xl bg-neutral-900 p-4" data-testid="federation-switch">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="federation-title" className="text-lg font-semibold">Fediverse</h2>
          <p className="text-sm text-neutral-300">
            People on Mastodon, Pixelfed and other servers can follow you as{" "}
            <code className="wrap-anywhere text-sky-200">{handle}</code>, see your public uploads, reply and like. Off: your handle stops
            answering and the servers that followed you are told.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={federated}
          aria-labelledby="federation-title"
          disabled={busy}
          onClick={toggle}
          className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
            federated ? "bg-orange-500" : "bg-neutral-600"
          }`}
        >
          <span
            className={`inline-block h-5 w-5 rounded-full bg-white transition-transform ${federated ? "translate-x-5" : "translate-x-0.5"}`}
          />
        </button>
      </div>
    </section>
  );
}
