import { Hono } from "hono";
import type { ReactNode } from "react";
import { Island } from "../../components/Island.tsx";
import ForgotPasswordForm from "../../islands/ForgotPasswordForm.tsx";
import ResetPasswordForm from "../../islands/ResetPasswordForm.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { RESET_TOKEN_MAX } from "../../common/schemas/account.ts";

const Card = ({ children }: { children: ReactNode }) => (
  <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
    <div className="rounded-xl border border-neutral-800 bg-neutral-900/60 p-6 sm:p-8">{children}</div>
  </div>
);

/** /forgot-password and /reset-password?token= (spec part 2 §2): public, never indexed. */
export const passwordResetPages = new Hono<AppEnv>();

passwordResetPages.get("/forgot-password", (c) =>
  renderPage(
    c,
    <Card>
      <Island name="ForgotPasswordForm" component={ForgotPasswordForm} props={{}} />
    </Card>,
    {
      meta: { title: "Forgot Password", canonical: "/forgot-password", noindex: true },
      header: { simple: true },
    },
  ));

passwordResetPages.get("/reset-password", (c) => {
  const raw = c.req.query("token") ?? "";
  // A missing (or absurd) token shows the invalid state at once (spec part 2 §5).
  const token = raw && raw.length <= RESET_TOKEN_MAX ? raw : null;
  // The address holds a live credential: no cache keeps it, no Referer carries it.
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <Card>
      <Island name="ResetPasswordForm" component={ResetPasswordForm} props={{ token }} />
    </Card>,
    {
      meta: {
        title: "Reset Password",
        canonical: "/reset-password",
        noindex: true,
        extraHead: <meta name="referrer" content="no-referrer" />,
      },
      header: { simple: true },
    },
  );
});
