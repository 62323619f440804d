import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Island } from "../../components/Island.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import AuthForm, { type AuthValues } from "../../islands/AuthForm.tsx";
import { latestBirthDate, MSG } from "../../common/auth_rules.ts";
import { normalizeText } from "../../common/text.ts";
import { isProvider, PROVIDERS } from "../../lib/auth/oauth.ts";
import { readBodyCapped } from "../../lib/body.ts";
import { badRequest, HttpError } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { limitLoginAddress, limitRegisterAddress, passwordLogin, registerMember } from "../../lib/auth/auth_actions.ts";
import { loginSchema, registerSchema } from "../../common/schemas/auth.ts";
import { parseOr400 } from "../../lib/validate.ts";
import { NEXT_PARAM, safeNext } from "../../common/return_to.ts";
import { SIGNUP_MSG } from "../../common/site_settings.ts";
import { getSiteSettings } from "../../lib/settings/site_settings.ts";
import { BotIcon, FoldersIcon, RefreshIcon, SparklesIcon } from "../../components/ui/icons.tsx";

const BENEFITS = [
  { icon: SparklesIcon, title: "Premium quality", text: "Hand-reviewed AI videos and images in HD and 4K." },
  { icon: BotIcon, title: "AI showcase", text: "See what Runway, Veo, Kling, Sora and friends can do, prompt included." },
  { icon: FoldersIcon, title: "Diverse categories", text: "From sci-fi and fantasy to nature and comedy." },
  { icon: RefreshIcon, title: "Regular updates", text: "New creations from the community every day." },
];

const SOCIAL_ERRORS: Record<string, string> = {
  cancelled: "Social sign-in was cancelled.",
  state: "That sign-in link has expired. Please try again.",
  failed: "We couldn't complete the sign-in with that provider. Please try again.",
  banned: "This account has been banned. Contact support if you think this is a mistake.",
  // Issue 19: the address of that account is not proved, so the provider may not enter it.
  // Issue 41: the site's sign-up rule, for a first sign-in with a provider.
  closed: SIGNUP_MSG.closed,
  invite: `${SIGNUP_MSG.inviteNeeded} Register with your invite code, then connect {provider} from your profile.`,
  pending: SIGNUP_MSG.pending,
  exists: "An account with this email already exists. Please log in with its username and password; " +
    "you can then connect {provider} from your profile.",
};

type Tab = "login" | "register";
type View = { tab: Tab; next: string | null; error?: string; notice?: string; values?: AuthValues; status?: ContentfulStatusCode };

async function renderAuth(c: Context<AppEnv>, { tab, next, error, notice, values, status = 200 }: View) {
  const { registrations } = await getSiteSettings(c.var.db, c.var.config);
  // `/auth?invite=CODE` (the link an invite gives) fills the code in (issue 41).
  const invite = (c.req.query("invite") ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 64) || null;
  const provider = c.req.query("social") ?? "";
  const social = isProvider(provider) ? PROVIDERS[provider] : undefined;
  const named = c.req.query("provider") ?? "";
  const socialError = SOCIAL_ERRORS[c.req.query("social_error") ?? ""]
    ?.replace("{provider}", isProvider(named) ? PROVIDERS[named] : "it");
  return renderPage(
    c,
    (
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2 md:py-16">
        <section className="order-2 md:order-1" aria-label="Why join">
          <h1 className="mb-2 text-3xl font-bold">Join {c.var.config.siteName}</h1>
          <p className="mb-8 text-neutral-400">The home of AI-generated video and imagery.</p>
          <ul className="space-y-5">
            {BENEFITS.map((b) => (
              <li key={b.title} className="flex gap-4">
                <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-orange-500/15 text-orange-300">
                  <b.icon size={22} />
                </span>
                <span>
                  <span className="block font-semibold">{b.title}</span>
                  <span className="text-sm text-neutral-400">{b.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="order-1 md:order-2">
          {social && (
            <p role="alert" className="mb-4 rounded-lg border border-amber-700 bg-amber-950 p-3 text-sm text-amber-200">
              {`${social} login is not set up on this site yet. Please log in or register with a username and password.`}
            </p>
          )}
          {socialError && (
            <p role="alert" className="mb-4 rounded-lg border border-red-800 bg-red-950 p-3 text-sm text-red-200">{socialError}</p>
          )}
          <Island
            name="AuthForm"
            component={AuthForm}
            props={{
              initialTab: tab,
              maxBirthDate: latestBirthDate().toISOString().slice(0, 10),
              error: error ?? null,
              notice: notice ?? null,
              values: { ...(invite ? { inviteCode: invite } : {}), ...values },
              registrations,
              next,
              social: (["facebook", "google"] as const).filter((p) => c.var.config.oauth[p]),
            }}
          />
        </section>
      </div>
    ),
    { status, meta: { title: tab === "register" ? "Register" : "Login", canonical: "/auth", noindex: true }, header: { simple: true } },
  );
}

const tabOf = (c: Context<AppEnv>): Tab => c.req.query("tab") === "register" || c.req.query("invite") ? "register" : "login";
const nextOf = (c: Context<AppEnv>) => safeNext(c.req.query(NEXT_PARAM));

/**
 * /auth: Login and Register tabs; signed-in visitors go home. The forms post here, so they work
 * before the island hydrates and without JavaScript at all (issue 13 point 10): success redirects
 * home with the same flash as the API, a refusal renders the page again with its message and
 * what was typed (never the password). "Home" is the same-site page `?next=` names, if any
 * (common/return_to.ts).
 */
export function authPage(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .get("/", (c) => {
      if (c.var.user) return c.redirect(nextOf(c) ?? "/", 302);
      // A form submitted by a pre-fix page put the password in the address: drop it from there.
      if (c.req.query("password") !== undefined) return c.redirect(tabOf(c) === "register" ? "/auth?tab=register" : "/auth", 303);
      return renderAuth(c, { tab: tabOf(c), next: nextOf(c) });
    })
    .post("/", async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new HttpError(415, "Content-Type must be a form post");
      let tab = tabOf(c);
      let next = nextOf(c);
      const values: AuthValues = {};
      try {
        const { maxJsonBytes, idleTimeoutMs } = c.var.config.body;
        const form = new URLSearchParams(new TextDecoder().decode(await readBodyCapped(c.req.raw, maxJsonBytes, idleTimeoutMs)));
        // The last value of a name: without JavaScript the native date field follows the hidden one.
        const raw = (name: string) => form.getAll(name).at(-1) ?? null;
        const field = (name: string) => normalizeText(raw(name) ?? "");
        tab = form.get("form") === "register" ? "register" : "login";
        next = safeNext(raw(NEXT_PARAM)) ?? next;
        values.username = field("username").slice(0, 100);
        if (tab === "login") {
          await limitLoginAddress(c, limiter);
          await passwordLogin(c, limiter, parseOr400(loginSchema, { username: raw("username"), password: raw("password") }));
        } else {
          values.email = field("email").slice(0, 300);
          values.dateOfBirth = /^\d{4}-\d{2}-\d{2}$/.test(field("dateOfBirth")) ? field("dateOfBirth") : undefined;
          values.termsAccepted = !!raw("termsAccepted");
          values.reason = raw("reason")?.slice(0, 600) ?? undefined;
          values.inviteCode = field("inviteCode").slice(0, 64) || undefined;
          await limitRegisterAddress(c, limiter);
          const body = parseOr400(registerSchema, {
            username: raw("username"),
            email: raw("email"),
            dateOfBirth: raw("dateOfBirth"),
            password: raw("password"),
            termsAccepted: values.termsAccepted,
            reason: raw("reason") ?? undefined,
            inviteCode: values.inviteCode,
          });
          if (raw("password") !== raw("confirmPassword")) throw badRequest(MSG.match);
          const { pending } = await registerMember(c, body);
          if (pending) return await renderAuth(c, { tab: "login", next, notice: SIGNUP_MSG.requested });
        }
        return c.redirect(next ?? "/", 303);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
        return await renderAuth(c, { tab, next, error: e.message, values, status: e.status });
      }
    });
}
