import { Hono } from "hono";
import { LegalText } from "../../components/LegalText.tsx";
import { LEGAL_PAGE_NAMES, TEXTS_WITH_TOC } from "../../common/legal/mod.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { siteText } from "../../lib/render/site_texts.ts";

/**
 * `/terms-of-service`, `/privacy-policy`, `/faq`, `/data-deletion` (spec part 2 §2 "Legal, rules
 * and footer") and `/access-denied`: server-rendered text with no island of their own, shown to
 * visitors without the age gate.
 */
export const legalPages = new Hono<AppEnv>();

for (const name of LEGAL_PAGE_NAMES) {
  legalPages.get(`/${name}`, (c) => {
    const text = siteText(c.var.config, name);
    return renderPage(
      c,
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <LegalText text={text} toc={TEXTS_WITH_TOC.has(name)} />
      </article>,
      { meta: { title: text.title, description: text.description, canonical: `/${name}`, type: "article" } },
    );
  });
}

/** The refusal page of the age gate: no header, menus or feed to wander into; Exit Site goes to a search engine. */
legalPages.get("/access-denied", (c) => {
  const { config } = c.var;
  const text = siteText(config, "access-denied");
  return renderPage(
    c,
    <section className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-neutral-800 bg-neutral-900 p-6 text-center shadow-2xl sm:p-8">
        <img src="/static/favicon.svg" width={48} height={48} alt="" className="mx-auto mb-4" />
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <LegalText text={text} />
        <a href={config.exitUrl} rel="noreferrer" className="btn-primary mt-6 w-full py-3 text-base">Exit Site</a>
        <p className="mt-5 text-xs text-neutral-400">
          <a href="/terms-of-service" className="underline hover:text-white">Terms of Service</a> ·{" "}
          <a href="/privacy-policy" className="underline hover:text-white">Privacy Policy</a>
        </p>
      </div>
    </section>,
    { meta: { title: text.title, description: text.description, noindex: true }, bare: true },
  );
});
