import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render.tsx";

const PAGES = {
  "/my-messages": "My Messages",
} as const;

/** The member-only pages; signed-out visitors are sent to /auth. Their screens come with later issues. */
export const accountPages = new Hono<AppEnv>();

for (const [path, title] of Object.entries(PAGES)) {
  accountPages.get(path, (c) => {
    if (!c.var.user) return c.redirect("/auth", 302);
    return renderPage(
      c,
      (
        <section className="mx-auto max-w-3xl px-4 py-12">
          <h1 className="mb-2 text-2xl font-bold">{title}</h1>
          <p className="text-neutral-400">Signed in as {c.var.user.username}.</p>
        </section>
      ),
      { meta: { title, noindex: true } },
    );
  });
}
