import { type FormEvent, useState } from "react";
import { api } from "../components/ui/api.ts";
import { TextField } from "../components/ui/TextField.tsx";
import { toast } from "../components/ui/toast.ts";
import { failureText } from "../components/ui/failure.ts";
import { forgotPasswordSchema, RESET_MSG, RESET_TOKEN_HOURS } from "../common/schemas/account.ts";
import { EMAIL_MAX } from "../common/auth_rules.ts";

/** /forgot-password (spec part 2 §2): an email, Send Reset Link, then the neutral 'Check your email'. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0].message);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const res = await api<{ message?: string }>("/api/forgot-password", { method: "POST", body: parsed.data });
      setSent(res?.message ?? RESET_MSG.sent);
    } catch (err) {
      toast({ title: "Error", description: failureText(err, RESET_MSG.forgotFallback), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4 text-center" data-state="sent">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-950 text-2xl" aria-hidden="true">✉️</div>
        <h1 className="text-2xl font-bold">Check your email</h1>
        <p className="text-neutral-300">{sent}</p>
        <p className="text-sm text-neutral-400">The link expires in {RESET_TOKEN_HOURS} hour.</p>
        <a href="/auth" className="btn-primary w-full">Back to Sign In</a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password" className="space-y-4" data-state="form">
      <div>
        <h1 className="text-2xl font-bold">Forgot Password</h1>
        <p className="mt-1 text-sm text-neutral-400">
          Enter the email address of your account and we'll send you a link to reset your password.
        </p>
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        className="block text-sm font-medium"
        value={email}
        maxLength={EMAIL_MAX}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? "Sending..." : "Send Reset Link"}</button>
      <p className="text-center text-sm">
        <a href="/auth" className="text-orange-400 hover:underline">Back to Sign In</a>
      </p>
    </form>
  );
}
