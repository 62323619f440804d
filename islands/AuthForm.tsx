import { type FormEvent, useRef, useState } from "react";
import { Field, useTypedBeforeHydration } from "../components/ui/form_helpers.tsx";
import { api, ApiError } from "../components/ui/api.ts";
import { FIRST_BIRTH_YEAR } from "../common/auth_rules.ts";
import { loginSchema, registerFormSchema } from "../common/schemas/auth.ts";
import { type FieldErrors, fieldErrors } from "../common/schemas/form.ts";
import { DatePicker } from "../components/ui/DatePicker.tsx";
import { toast } from "../components/ui/toast.ts";
import { authHref, NEXT_PARAM, safeNext } from "../common/return_to.ts";
import { REASON_MAX, type RegistrationMode, SIGNUP_MSG } from "../common/site_settings.ts";

/** What the server echoes back after a refused form post (never the password). */
export type AuthValues = {
  username?: string;
  email?: string;
  dateOfBirth?: string;
  termsAccepted?: boolean;
  /** Issue 41: the answer to "Why do you want to join?" and the invite code (`/auth?invite=CODE` fills it in). */
  reason?: string;
  inviteCode?: string;
};
/** The sign-in providers the operator set up (GOOGLE_CLIENT_ID ..., FACEBOOK_CLIENT_ID ...). */
export type SocialProvider = "google" | "facebook";
/**
 * `next`: the same-site page to return to after signing in (common/return_to.ts); `social`: the
 * configured providers, the only ones with a button besides Apple's.
 */
type Props = {
  initialTab: "login" | "register";
  maxBirthDate: string;
  error?: string | null;
  values?: AuthValues;
  next?: string | null;
  social?: SocialProvider[];
  /** Who may sign up (the site's setting, issue 41): the Register tab asks for what it needs, or says sign-ups are closed. */
  registrations?: RegistrationMode;
  /** A message that is not an error (the sign-up request was sent). */
  notice?: string | null;
};
type User = { id: number; username: string };

/**
 * Facebook and Google show only where the operator set them up (a button that leads to "not set up
 * on this site yet" is a dead end; issue 36 point 4). Apple always shows, with the spec's
 * "not available" toast (part 1 §5 "Social login"). A difference from the spec: decision 036.
 */
const SOCIAL = [{ id: "facebook", name: "Facebook" }, { id: "google", name: "Google" }, { id: "apple", name: "Apple" }] as const;
const SOCIAL_GRID = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3"];
const SOCIAL_DELAY_MS = 100;

/**
 * Login and Register. The forms post to /auth, so a submit before hydration (or without
 * JavaScript) signs in on the server instead of putting the password in the address; once
 * hydrated they validate here and use the JSON API. The tabs are links for the same reason.
 */
export default function AuthForm(
  { initialTab, maxBirthDate, error = null, values = {}, next = null, social = [], registrations = "open", notice = null }: Props,
) {
  const [tab, setTab] = useState(initialTab);
  const tabClass = (t: string) =>
    `flex-1 rounded-md py-2 text-center text-sm font-medium ${
      tab === t ? "bg-neutral-800 text-white" : "text-neutral-300 hover:text-white"
    }`;
  const tabLink = (t: "login" | "register", label: string) => (
    <a
      role="tab"
      href={authHref(next, t === "register" ? t : undefined)}
      aria-selected={tab === t}
      className={tabClass(t)}
      onClick={(e) => {
        e.preventDefault();
        setTab(t);
      }}
    >
      {label}
    </a>
  );
  // The server's message belongs to the form it answered, not to the other tab.
  const shown = tab === initialTab ? { error, values } : { error: null, values: {} };
  return (
    <div className="w-full">
      <div role="tablist" className="mb-6 flex gap-1 rounded-lg bg-neutral-900 p-1">
        {tabLink("login", "Login")}
        {tabLink("register", "Register")}
      </div>
      {shown.error && (
        <p role="alert" className="mb-4 rounded-lg border border-red-800 bg-red-950 p-3 text-sm text-red-200">{shown.error}</p>
      )}
      {notice && (
        <p role="status" className="mb-4 rounded-lg border border-emerald-800 bg-emerald-950 p-3 text-sm text-emerald-200">{notice}</p>
      )}
      {tab === "login"
        ? <LoginForm initial={shown.values} next={next} social={social} />
        : registrations === "closed"
        ? (
          <p role="status" className="rounded-lg border border-neutral-700 bg-neutral-900 p-4 text-sm text-neutral-200">
            {SIGNUP_MSG.closed} Members can still <a href={authHref(next)} className="text-orange-400 underline">log in</a>.
          </p>
        )
        : <RegisterForm maxBirthDate={maxBirthDate} initial={shown.values} next={next} mode={registrations} />}
    </div>
  );
}

function socialLogin(provider: (typeof SOCIAL)[number]["id"], name: string, next: string | null) {
  if (provider !== "apple") {
    const back = safeNext(next);
    const href = `/auth/${provider}${back ? `?${NEXT_PARAM}=${encodeURIComponent(back)}` : ""}`;
    setTimeout(() => (location.href = href), SOCIAL_DELAY_MS);
  } else {
    toast({ title: `${name} login not available`, description: `We're working to support ${name} login soon.` });
  }
}

/** Signed in: back to the page that sent the visitor here, else home. */
function goBack(next: string | null) {
  location.href = safeNext(next) ?? "/";
}

/** The return path travels with a form post too (before hydration, or without JavaScript). */
const NextField = ({ next }: { next: string | null }) => next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null;

function LoginForm({ initial, next, social }: { initial: AuthValues; next: string | null; social: SocialProvider[] }) {
  const buttons = SOCIAL.filter((p) => p.id === "apple" || social.includes(p.id));
  const [values, setValues] = useState({ username: initial.username ?? "", password: "" });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(loginSchema.safeParse(values));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // The server carries the 'Login successful' toast to the next page.
      await api<User>("/api/login", { method: "POST", body: values });
      goBack(next);
    } catch (err) {
      // The server's message when it sent one; otherwise (a proxy's error page, a dropped connection) the spec's fallback.
      const message = (err instanceof ApiError && err.body?.error) || "Invalid username or password";
      toast({ title: "Login failed", description: message, variant: "destructive" });
      setBusy(false);
    }
  }

  return (
    <form ref={form} method="post" action="/auth" onSubmit={submit} noValidate className="space-y-4" aria-label="Login">
      <input type="hidden" name="form" value="login" />
      <NextField next={next} />
      <Field id="login-username" label="Username" error={errors.username}>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          className="field"
          value={values.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
          aria-invalid={!!errors.username}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          className="field"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          aria-invalid={!!errors.password}
        />
      </Field>
      <div className="text-right text-sm">
        <a href="/forgot-password" className="text-orange-400 hover:underline">Forgot password?</a>
      </div>
      <button type="submit" disabled={busy} className="btn-primary w-full">{busy ? "Logging in..." : "Login"}</button>
      <div className="relative py-2 text-center text-xs uppercase text-neutral-400">
        <span className="bg-neutral-950 px-2">Or continue with</span>
      </div>
      <div className={`grid gap-2 ${SOCIAL_GRID[buttons.length]}`}>
        {buttons.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => socialLogin(p.id, p.name, next)}
            className="rounded-lg border border-neutral-700 py-2 text-sm hover:bg-neutral-800"
          >
            {p.name}
          </button>
        ))}
      </div>
    </form>
  );
}

function RegisterForm(
  { maxBirthDate, initial, next, mode }: { maxBirthDate: string; initial: AuthValues; next: string | null; mode: RegistrationMode },
) {
  const [requested, setRequested] = useState<string | null>(null);
  // During approval an invite code skips the wait, so its field shows when the link brought one.
  const askCode = mode === "invite" || (mode === "approval" && !!initial.inviteCode);
  const [values, setValues] = useState({
    reason: initial.reason ?? "",
    inviteCode: initial.inviteCode ?? "",
    username: initial.username ?? "",
    email: initial.email ?? "",
    dateOfBirth: initial.dateOfBirth ?? "2000-01-01",
    password: "",
    confirmPassword: "",
    termsAccepted: initial.termsAccepted ?? false,
  });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(registerFormSchema.safeParse(values));
    if (mode === "invite" && !values.inviteCode.trim()) found.inviteCode = SIGNUP_MSG.inviteNeeded;
    if (mode === "approval" && !values.inviteCode.trim() && !values.reason.trim()) found.reason = SIGNUP_MSG.reasonNeeded;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const { confirmPassword: _, reason, inviteCode, ...payload } = values;
    try {
      const answer = await api<User | { pending: true; message: string }>("/api/register", {
        method: "POST",
        body: {
          ...payload,
          ...(mode === "approval" && reason.trim() ? { reason } : {}),
          ...(askCode && inviteCode.trim() ? { inviteCode: inviteCode.trim() } : {}),
          dateOfBirth: new Date(`${values.dateOfBirth}T00:00:00Z`).toISOString(),
        },
      });
      if ("pending" in answer) return setRequested(answer.message);
      goBack(next);
    } catch (err) {
      const message = err instanceof ApiError && err.body?.error ? err.body.error : "Username may already be taken";
      toast({ title: "Registration failed", description: message, variant: "destructive" });
      setBusy(false);
    }
  }

  if (requested) {
    return <p role="status" className="rounded-lg border border-emerald-800 bg-emerald-950 p-4 text-sm text-emerald-200">{requested}</p>;
  }
  return (
    <form ref={form} method="post" action="/auth?tab=register" onSubmit={submit} noValidate className="space-y-4" aria-label="Register">
      <input type="hidden" name="form" value="register" />
      <NextField next={next} />
      <Field id="reg-username" label="Username" error={errors.username}>
        <input
          id="reg-username"
          name="username"
          autoComplete="username"
          className="field"
          value={values.username}
          onChange={(e) =>
            set({ username: e.target.value })}
          aria-invalid={!!errors.username}
        />
      </Field>
      <Field id="reg-email" label="Email" error={errors.email}>
        <input
          id="reg-email"
          name="email"
          type="email"
          autoComplete="email"
          className="field"
          value={values.email}
          onChange={(e) =>
            set({ email: e.target.value })}
          aria-invalid={!!errors.email}
        />
      </Field>
      <Field id="reg-dob" label="Date of birth" error={errors.dateOfBirth}>
        <DatePicker
          id="reg-dob"
          value={values.dateOfBirth}
          onChange={(dateOfBirth) =>
            set({ dateOfBirth })}
          name="dateOfBirth"
          firstYear={FIRST_BIRTH_YEAR}
          max={maxBirthDate}
          invalid={!!errors.dateOfBirth}
        />
      </Field>
      <Field id="reg-password" label="Password" error={errors.password}>
        <input
          id="reg-password"
          name="password"
          type="password"
          autoComplete="new-password"
          className="field"
          value={values.password}
          onChange={(e) =>
            set({ password: e.target.value })}
          aria-invalid={!!errors.password}
        />
      </Field>
      <Field id="reg-confirm" label="Confirm password" error={errors.confirmPassword}>
        <input
          id="reg-confirm"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          className="field"
          value={values.confirmPassword}
          onChange={(e) =>
            set({ confirmPassword: e.target.value })}
          aria-invalid={!!errors.confirmPassword}
        />
      </Field>
      {askCode && (
        <Field id="reg-invite" label="Invite code" error={errors.inviteCode}>
          <input
            id="reg-invite"
            name="inviteCode"
            autoComplete="off"
            className="field"
            value={values.inviteCode}
            onChange={(e) => set({ inviteCode: e.target.value })}
            aria-invalid={!!errors.inviteCode}
          />
        </Field>
      )}
      {mode === "approval" && (
        <Field id="reg-reason" label={SIGNUP_MSG.question} error={errors.reason}>
          <textarea
            id="reg-reason"
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            className="field"
            value={values.reason}
            onChange={(e) => set({ reason: e.target.value })}
            aria-invalid={!!errors.reason}
            aria-describedby="reg-reason-note"
          />
          <p id="reg-reason-note" className="mt-1 text-xs text-neutral-400">
            {values.inviteCode.trim() ? "Not needed with an invite code." : "An admin reads this before your account opens."}
          </p>
        </Field>
      )}
      <div>
        <label className="flex items-start gap-2 text-sm text-neutral-300">
          <input
            type="checkbox"
            name="termsAccepted"
            checked={values.termsAccepted}
            onChange={(e) =>
              set({ termsAccepted: e.target.checked })}
            className="mt-1 accent-orange-500"
          />
          <span>
            I am 18 or older and accept the{" "}
            <a href="/terms-of-service" target="_blank" rel="noopener" className="text-orange-400 underline hover:text-orange-300">
              Terms of Service
            </a>
          </span>
        </label>
        {errors.termsAccepted && <p className="field-error">{errors.termsAccepted}</p>}
      </div>
      <button type="submit" disabled={busy} className="btn-primary w-full">{busy ? "Creating account..." : "Create account"}</button>
    </form>
  );
}
