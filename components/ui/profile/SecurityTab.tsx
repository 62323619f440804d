import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { bindField, TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { ACCOUNT_MSG, changePasswordSchema, RECENT_SIGN_IN_MINUTES } from "../../../common/schemas/account.ts";
import { PASSWORD_MAX, PROVIDER_NAMES } from "../../../common/auth_rules.ts";
import { failureText, fieldErrors } from "../failure.ts";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Changes the password, or sets a first one for members who joined through Google or Facebook. */
export function SecurityTab({ hasPassword, providers, onPasswordSet }: {
  hasPassword: boolean;
  providers: string[];
  /** The island keeps the fact, so switching tabs does not forget it. */
  onPasswordSet: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (hasPassword && !values.currentPassword) found.currentPassword = ACCOUNT_MSG.currentPasswordRequired;
    const parsed = changePasswordSchema.safeParse({
      newPassword: values.newPassword,
      ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
    });
    if (!parsed.success) Object.assign(found, fieldErrors(parsed.error.issues));
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    if (values.newPassword !== values.confirmPassword) {
      setErrors({ confirmPassword: ACCOUNT_MSG.passwordsDontMatch });
      toast({ title: ACCOUNT_MSG.passwordsDontMatch, description: ACCOUNT_MSG.passwordsDontMatchText, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ message: string }>("/api/user/change-password", { method: "POST", body: parsed.data });
      toast({
        title: hasPassword ? "Password Changed" : "Password Set",
        description: `${res.message} Other devices have been signed out.`,
      });
      setValues(EMPTY);
      onPasswordSet();
    } catch (err) {
      const text = failureText(err, "Could not change your password.");
      toast({ title: ACCOUNT_MSG.passwordChangeFailed, description: text, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const via = providers.map((p) => PROVIDER_NAMES[p as keyof typeof PROVIDER_NAMES] ?? p).join(" or ");
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      className="block text-sm font-medium"
      maxLength={PASSWORD_MAX}
      {...bindField(values, setValues, errors, name)}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Security" className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{hasPassword ? "Change Password" : "Set a Password"}</h2>
        <p className="text-sm text-neutral-400">
          {hasPassword
            ? "Changing your password signs you out everywhere else."
            : `You sign in with ${via || "a social account"} and have no password yet. Set one to also sign in with your username ` +
              `(for your security, within ${RECENT_SIGN_IN_MINUTES} minutes of signing in).`}
        </p>
      </div>
      {hasPassword && field("currentPassword", "Current Password", "current-password")}
      {field("newPassword", "New Password", "new-password")}
      {field("confirmPassword", "Confirm New Password", "new-password")}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Saving..." : hasPassword ? "Change Password" : "Set Password"}
      </button>
    </form>
  );
}
