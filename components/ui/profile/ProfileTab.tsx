import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { bindField, TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { ACCOUNT_MSG, RECENT_SIGN_IN_MINUTES, updateProfileSchema } from "../../../common/schemas/account.ts";
import { EMAIL_MAX, PASSWORD_MAX, PROVIDER_NAMES, USERNAME_MAX } from "../../../common/auth_rules.ts";
import { failureText, fieldErrors } from "../failure.ts";

/**
 * Username and email, under the registration's rules; the page reloads after an update (spec part
 * 2 §4). A new email needs the current password, or for members without one a fresh sign-in.
 */
export function ProfileTab({ username, email, hasPassword, providers }: {
  username: string;
  email: string | null;
  hasPassword: boolean;
  providers: string[];
}) {
  const [values, setValues] = useState({ username, email: email ?? "", currentPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const emailChanged = values.email.trim().toLowerCase() !== (email ?? "").toLowerCase();
  const changed = values.username.trim() !== username || values.email.trim() !== (email ?? "");
  const provider = providers.find((p) => p in PROVIDER_NAMES);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed is sent, so a member without an email can rename without adding one.
    const payload = {
      ...(values.username.trim() !== username ? { username: values.username } : {}),
      ...(values.email.trim() !== (email ?? "") ? { email: values.email } : {}),
      ...(emailChanged && hasPassword ? { currentPassword: values.currentPassword } : {}),
    };
    const parsed = updateProfileSchema.safeParse(payload);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (emailChanged && hasPassword && !values.currentPassword) found.currentPassword ??= ACCOUNT_MSG.currentPasswordRequired;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) return;
    setBusy(true);
    try {
      await api("/api/user", { method: "PATCH", body: parsed.data });
      location.reload();
    } catch (err) {
      toast({ title: ACCOUNT_MSG.updateFailed, description: failureText(err, "Could not update your profile."), variant: "destructive" });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Profile" className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Profile Information</h2>
        <p className="text-sm text-neutral-400">Your username is shown on your uploads, comments and public profile.</p>
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        className="block text-sm font-medium"
        maxLength={USERNAME_MAX}
        {...bindField(values, setValues, errors, "username")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        className="block text-sm font-medium"
        maxLength={EMAIL_MAX}
        {...bindField(values, setValues, errors, "email")}
      />
      {emailChanged && hasPassword && (
        <div>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            className="block text-sm font-medium"
            maxLength={PASSWORD_MAX}
            {...bindField(values, setValues, errors, "currentPassword")}
          />
          <p className="mt-1 text-xs text-neutral-400">Enter your password to change your email address.</p>
        </div>
      )}
      {emailChanged && !hasPassword && (
        <p className="rounded-lg border border-neutral-700 bg-neutral-900 p-3 text-sm text-neutral-300">
          To change your email, sign in again first: the change is allowed for {RECENT_SIGN_IN_MINUTES} minutes after signing in.{" "}
          {provider && (
            <>
              <a href={`/auth/${provider}`} className="font-medium text-orange-300 underline hover:text-orange-200">
                Sign in again with {PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES]}
              </a>
              ,{" "}
            </>
          )}
          or set a password in the Security tab.
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy || !changed}>{busy ? "Saving..." : "Save Changes"}</button>
    </form>
  );
}
