import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { ACCOUNT_MSG, updateProfileSchema } from "../../../common/schemas/account.ts";
import { EMAIL_MAX, USERNAME_MAX } from "../../../common/auth_rules.ts";
import { failureText, fieldErrors } from "../failure.ts";

/** Username and email, under the registration's rules; the page reloads after an update (spec part 2 §4). */
export function ProfileTab({ username, email }: { username: string; email: string | null }) {
  const [values, setValues] = useState({ username, email: email ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const changed = values.username.trim() !== username || values.email.trim() !== (email ?? "");

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed is sent, so a member without an email can rename without adding one.
    const payload = {
      ...(values.username.trim() !== username ? { username: values.username } : {}),
      ...(values.email.trim() !== (email ?? "") ? { email: values.email } : {}),
    };
    const parsed = updateProfileSchema.safeParse(payload);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
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
        name="username"
        autoComplete="username"
        className="block text-sm font-medium"
        value={values.username}
        maxLength={USERNAME_MAX}
        error={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        className="block text-sm font-medium"
        value={values.email}
        maxLength={EMAIL_MAX}
        error={errors.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <button type="submit" className="btn-primary" disabled={busy || !changed}>{busy ? "Saving..." : "Save Changes"}</button>
    </form>
  );
}
