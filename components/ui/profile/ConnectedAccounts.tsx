import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { failureText } from "../failure.ts";
import { PASSWORD_MAX, PROVIDER_NAMES } from "../../../common/auth_rules.ts";
import { ACCOUNT_MSG, RECENT_SIGN_IN_MINUTES } from "../../../common/schemas/account.ts";

type Provider = keyof typeof PROVIDER_NAMES;
const ALL = Object.keys(PROVIDER_NAMES) as Provider[];

/** What the provider's callback said when it brought the member back to /profile. */
export type ConnectNotice = { kind: "connected" | "taken" | "failed"; provider: string } | null;

const NOTICE_TEXT = {
  connected: (name: string) => `${name} is now connected: you can sign in with it.`,
  taken: (name: string) => `That ${name} account is already connected to another account on this site.`,
  failed: (name: string) => `Connecting ${name} did not complete. Please try again.`,
};

/**
 * "Connected accounts" (issue 19): Google and Facebook, connected or not. Connecting and
 * disconnecting prove who is asking first (the password, or a recent sign-in for members without
 * one; issue 31 point 9 for disconnecting); connecting then goes to the provider, whose callback
 * attaches the identity to this account. The last way to sign in stays.
 */
export function ConnectedAccounts({ providers, available, hasPassword, notice }: {
  providers: string[];
  /** Providers the operator configured. */
  available: string[];
  hasPassword: boolean;
  notice: ConnectNotice;
}) {
  const [linked, setLinked] = useState(providers);
  /** The provider and the change the password form is open for. */
  const [asking, setAsking] = useState<{ provider: Provider; action: "connect" | "disconnect" } | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const onlyWay = !hasPassword && linked.length <= 1;

  async function connect(provider: Provider, e?: FormEvent) {
    e?.preventDefault();
    if (hasPassword && !password) return setError(ACCOUNT_MSG.currentPasswordRequired);
    setBusy(true);
    try {
      const body = hasPassword ? { currentPassword: password } : {};
      location.href = (await api<{ url: string }>(`/api/user/social/${provider}`, { method: "POST", body })).url;
    } catch (err) {
      const text = failureText(err, `Could not connect ${PROVIDER_NAMES[provider]}.`);
      if (hasPassword) setError(text);
      else toast({ title: "Connection Failed", description: text, variant: "destructive" });
      setBusy(false);
    }
  }

  async function disconnect(provider: Provider, e?: FormEvent) {
    e?.preventDefault();
    if (hasPassword && !password) return setError(ACCOUNT_MSG.currentPasswordRequired);
    setBusy(true);
    try {
      const body = hasPassword ? { currentPassword: password } : {};
      setLinked((await api<{ providers: string[] }>(`/api/user/social/${provider}`, { method: "DELETE", body })).providers);
      toast({ title: "Disconnected", description: `${PROVIDER_NAMES[provider]} no longer signs you in.` });
      setAsking(null);
      setPassword("");
    } catch (err) {
      const text = failureText(err, "Please try again.");
      if (hasPassword) setError(text);
      else toast({ title: "Disconnect Failed", description: text, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  /** Opens the password form for a change (members without a password go straight on). */
  const ask = (provider: Provider, action: "connect" | "disconnect") => {
    if (!hasPassword) return action === "connect" ? connect(provider) : disconnect(provider);
    setError("");
    setAsking({ provider, action });
  };

  const noticeName = notice && notice.provider in PROVIDER_NAMES ? PROVIDER_NAMES[notice.provider as Provider] : "";
  return (
    <section aria-labelledby="connected-heading" className="mt-10 space-y-3 border-t border-neutral-800 pt-6">
      <div>
        <h2 id="connected-heading" className="text-lg font-semibold">Connected accounts</h2>
        <p className="text-sm text-neutral-400">The Google and Facebook accounts that sign you in here.</p>
      </div>
      {notice && noticeName && (
        <p
          role="status"
          className={`rounded-lg border p-3 text-sm ${
            notice.kind === "connected"
              ? "border-emerald-800 bg-emerald-950/40 text-emerald-200"
              : "border-red-800 bg-red-950/40 text-red-200"
          }`}
        >
          {NOTICE_TEXT[notice.kind](noticeName)}
        </p>
      )}
      <ul className="divide-y divide-neutral-800 rounded-lg border border-neutral-800">
        {ALL.map((p) => {
          const on = linked.includes(p);
          return (
            <li key={p} data-provider={p} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
              <span>
                <span className="font-medium">{PROVIDER_NAMES[p]}</span>{" "}
                <span className={`text-sm ${on ? "text-emerald-300" : "text-neutral-400"}`}>{on ? "Connected" : "Not connected"}</span>
              </span>
              {on
                ? (
                  <button
                    type="button"
                    className="btn-secondary disabled:cursor-not-allowed disabled:opacity-50"
                    disabled={busy || onlyWay}
                    title={onlyWay ? "Set a password first: this is your only way to sign in." : undefined}
                    onClick={() => ask(p, "disconnect")}
                  >
                    Disconnect
                  </button>
                )
                : available.includes(p)
                ? (
                  <button type="button" className="btn-secondary" disabled={busy} onClick={() => ask(p, "connect")}>
                    Connect
                  </button>
                )
                : <span className="text-xs text-neutral-500">Not available on this site</span>}
            </li>
          );
        })}
      </ul>
      {onlyWay && <p className="text-xs text-neutral-400">Your only way to sign in cannot be disconnected. Set a password first.</p>}
      {!hasPassword && (
        <p className="text-xs text-neutral-400">
          For your security, connect or disconnect within {RECENT_SIGN_IN_MINUTES} minutes of signing in.
        </p>
      )}
      {asking && (
        <form
          onSubmit={(e) => asking.action === "connect" ? connect(asking.provider, e) : disconnect(asking.provider, e)}
          noValidate
          className="space-y-3 rounded-lg border border-neutral-800 p-3"
        >
          <TextField
            label="Current Password"
            type="password"
            name="connectPassword"
            autoComplete="current-password"
            className="block text-sm font-medium"
            maxLength={PASSWORD_MAX}
            value={password}
            error={error || undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setError("");
            }}
          />
          <p className="text-xs text-neutral-400">
            Enter your password to {asking.action} {PROVIDER_NAMES[asking.provider]}.
          </p>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {asking.action === "connect"
                ? (busy ? "Connecting..." : `Continue to ${PROVIDER_NAMES[asking.provider]}`)
                : (busy ? "Disconnecting..." : `Disconnect ${PROVIDER_NAMES[asking.provider]}`)}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking(null)}>Cancel</button>
          </div>
        </form>
      )}
    </section>
  );
}
