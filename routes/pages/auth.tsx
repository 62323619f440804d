import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render.tsx";
import AuthForm from "../../islands/AuthForm.tsx";
import { latestBirthDate } from "../../common/auth_rules.ts";
import { isProvider, PROVIDERS } from "../../lib/oauth.ts";

const BENEFITS = [
  { icon: "✨", title: "Premium quality", text: "Hand-reviewed AI videos and images in HD and 4K." },
  { icon: "🤖", title: "AI showcase", text: "See what Runway, Veo, Kling, Sora and friends can do, prompt included." },
  { icon: "🗂️", title: "Diverse categories", text: "From sci-fi and fantasy to nature and comedy." },
  { icon: "🔄", title: "Regular updates", text: "New creations from the community every day." },
];

const SOCIAL_ERRORS: Record<string, string> = {
  cancelled: "Social sign-in was cancelled.",
  state: "That sign-in link has expired. Please try again.",
  failed: "We couldn't complete the sign-in with that provider. Please try again.",
  banned: "This account has been banned. Contact support if you think this is a mistake.",
};

/** /auth: Login and Register tabs; signed-in visitors go home. */
export const authPage = new Hono<AppEnv>().get("/", (c) => {
  if (c.var.user) return c.redirect("/", 302);
  const tab = c.req.query("tab") === "register" ? "register" : "login";
  const provider = c.req.query("social") ?? "";
  const social = isProvider(provider) ? PROVIDERS[provider] : undefined;
  const socialError = SOCIAL_ERRORS[c.req.query("social_error") ?? ""];
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
                <span className="text-2xl" aria-hidden="true">{b.icon}</span>
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
            props={{ initialTab: tab, maxBirthDate: latestBirthDate().toISOString().slice(0, 10) }}
          />
        </section>
      </div>
    ),
    { meta: { title: tab === "register" ? "Register" : "Login", canonical: "/auth", noindex: true }, header: { simple: true } },
  );
});
