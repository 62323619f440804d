import { type FormEvent, useRef, useState } from "react";
import { api } from "../api.ts";
import { Dialog } from "../Dialog.tsx";
import { TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { ACCOUNT_MSG, RECENT_SIGN_IN_MINUTES } from "../../../common/schemas/account.ts";
import { PASSWORD_MAX, USERNAME_MAX } from "../../../common/auth_rules.ts";
import { failureText } from "../failure.ts";

/**
 * Deletes the account once the member has typed their own username exactly (spec part 2 §5) and,
 * when they have one, their password (issue 19: a session alone is no proof), then logs out.
 */
export function DangerZoneTab({ username, hasPassword }: { username: string; hasPassword: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (typed !== username) {
      toast({ title: ACCOUNT_MSG.confirmationFailed, description: ACCOUNT_MSG.confirmationFailedText, variant: "destructive" });
      return;
    }
    if (hasPassword && !password) return setPasswordError(ACCOUNT_MSG.currentPasswordRequired);
    setBusy(true);
    try {
      // The server ends every session with the account and carries the farewell toast to the home page.
      await api("/api/user", { method: "DELETE", body: hasPassword ? { currentPassword: password } : {} });
      location.href = "/";
    } catch (err) {
      toast({ title: ACCOUNT_MSG.deletionFailed, description: failureText(err, "Could not delete your account."), variant: "destructive" });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="danger-heading" className="space-y-4 rounded-lg border border-red-900 bg-red-950/30 p-4">
      <h2 id="danger-heading" className="text-lg font-semibold text-red-300">Delete Account</h2>
      <p className="text-sm text-neutral-300">
        Deleting your account removes your videos and images, likes, messages, blocks and sessions for good. Your forum threads and comments
        stay, shown as Anonymous. This cannot be undone.
      </p>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500"
      >
        Delete Account
      </button>
      <Dialog
        dialogRef={dialog}
        title="Delete your account?"
        className="w-[min(28rem,94vw)]"
        onClose={() => {
          setTyped("");
          setPassword("");
          setPasswordError("");
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-neutral-300">
            Type your username <b className="font-mono text-white">{username}</b> to confirm.
          </p>
          <TextField
            label="Username"
            name="confirmUsername"
            autoComplete="off"
            className="block text-sm font-medium"
            value={typed}
            maxLength={USERNAME_MAX + 10}
            onChange={(e) => setTyped(e.target.value)}
          />
          {hasPassword
            ? (
              <TextField
                label="Current Password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                className="block text-sm font-medium"
                value={password}
                error={passwordError || undefined}
                maxLength={PASSWORD_MAX}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPasswordError("");
                }}
              />
            )
            : (
              <p className="text-xs text-neutral-400">
                For your security, this works within {RECENT_SIGN_IN_MINUTES} minutes of signing in.
              </p>
            )}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>Cancel</button>
            <button
              type="submit"
              disabled={busy}
              className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500 disabled:opacity-60"
            >
              {busy ? "Deleting..." : "Delete My Account"}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
