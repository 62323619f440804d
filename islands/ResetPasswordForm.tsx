import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { bindField, TextField } from "../components/ui/TextField.tsx";
import { toast } from "../components/ui/toast.ts";
import { failureText } from "../components/ui/failure.ts";
import { RESET_MSG, resetFormError } from "../common/schemas/account.ts";
import { PASSWORD_MAX } from "../common/auth_rules.ts";

type State = "checking" | "invalid" | "valid" | "success" | "error";

/**
 * /reset-password?token= (spec part 2 §2, §4 "Reset flow"): checking, then invalid (no token, or
 * the check fails), valid (the form), success, or server error (the check could not connect).
 */
export default function ResetPasswordForm({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? "checking" : "invalid");

  useEffect(() => {
    if (!token) return;
    api(`/api/verify-reset-token/${encodeURIComponent(token)}`)
      .then(() => setState("valid"))
      .catch((e) => setState(e instanceof ApiError ? "invalid" : "error"));
  }, [token]);

  switch (state) {
    case "checking":
      return (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-neutral-300" data-state="checking">
          <Spinner size={32} />
          <p>Verifying your reset link...</p>
        </div>
      );
    case "invalid":
      return (
        <Panel state="invalid" title={RESET_MSG.invalidTitle} text={RESET_MSG.invalidText}>
          <a href="/forgot-password" className="btn-primary w-full">Request New Reset Link</a>
        </Panel>
      );
    case "error":
      return (
        <Panel state="error" title={RESET_MSG.serverErrorTitle} text={RESET_MSG.serverErrorText}>
          <a href="/auth" className="btn-primary w-full">Back to Sign In</a>
        </Panel>
      );
    case "success":
      return (
        <Panel
          state="success"
          title="Password Reset Successful"
          text="Your password has been reset. You can now sign in with your new password."
        >
          <a href="/auth" className="btn-primary w-full">Go to Sign In</a>
        </Panel>
      );
    default:
      return <NewPasswordForm token={token ?? ""} onDone={setState} />;
  }
}

function Panel({ state, title, text, children }: { state: State; title: string; text: string; children: ReactNode }) {
  return (
    <div className="space-y-4 text-center" data-state={state}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-neutral-300">{text}</p>
      {children}
    </div>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: (s: State) => void }) {
  const [values, setValues] = useState({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = resetFormError(values.newPassword, values.confirmPassword);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (problem) return;
    setBusy(true);
    try {
      await api("/api/reset-password", { method: "POST", body: { token, newPassword: values.newPassword } });
      onDone("success");
    } catch (err) {
      toast({ title: "Error", description: failureText(err, RESET_MSG.resetFallback), variant: "destructive" });
      setBusy(false);
      // The link was spent or expired meanwhile: say so the way the page does.
      if (err instanceof ApiError && err.body?.error === RESET_MSG.invalidText) onDone("invalid");
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password" className="space-y-4" data-state="valid">
      <div>
        <h1 className="text-2xl font-bold">Reset Password</h1>
        <p className="mt-1 text-sm text-neutral-400">Choose a new password for your account.</p>
      </div>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        className="block text-sm font-medium"
        maxLength={PASSWORD_MAX}
        {...bindField(values, setValues, errors, "newPassword")}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        className="block text-sm font-medium"
        maxLength={PASSWORD_MAX}
        {...bindField(values, setValues, errors, "confirmPassword")}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? "Resetting..." : "Reset Password"}</button>
    </form>
  );
}
