import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { verifyEmailToken } from "../../lib/auth/email_verification.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { RESET_TOKEN_MAX } from "../../common/schemas/account.ts";
import { VERIFY_MSG } from "../../common/auth_rules.ts";

/**
 * /verify-email?token= (issue 19): opening the mailed link proves the address. It works without
 * JavaScript and without being signed in (the link may be opened on another device). Opened again
 * once the address is proved, it says so rather than "invalid or expired".
 */
export const verifyEmailPage = new Hono<AppEnv>().get("/verify-email", async (c) => {
  const token = c.req.query("token") ?? "";
  const outcome = token.length > 0 && token.length <= RESET_TOKEN_MAX ? await verifyEmailToken(c.var.db, token) : "invalid";
  const ok = outcome !== "invalid";
  const title = outcome === "verified" ? VERIFY_MSG.doneTitle : outcome === "already" ? VERIFY_MSG.alreadyTitle : VERIFY_MSG.invalidTitle;
  const text = outcome === "verified" ? VERIFY_MSG.doneText : outcome === "already" ? VERIFY_MSG.alreadyVerified : VERIFY_MSG.invalidText;
  // The address held a live credential: no cache keeps it, no Referer carries it.
  c.header("Cache-Control", "private, no-store");
  const next = c.var.user ? { href: "/profile", label: "Go to your profile" } : { href: "/auth", label: "Log in" };
  return renderPage(
    c,
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-6 sm:p-8" data-verified={ok ? "yes" : "no"}>
        <h1 className="mb-2 text-xl font-bold">{title}</h1>
        <p className="mb-6 text-sm text-neutral-300">{text}</p>
        <a href={ok ? "/" : next.href} className="btn-primary inline-flex">{ok ? "Go to the home page" : next.label}</a>
      </div>
    </div>,
    {
      status: ok ? 200 : 400,
      meta: {
        title,
        noindex: true,
        extraHead: <meta name="referrer" content="no-referrer" />,
      },
      header: { simple: true },
    },
  );
});
