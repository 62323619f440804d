import { Hono } from "hono";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { isSiteTextName, TEXTS_WITH_TOC } from "../../common/legal/mod.ts";
import { LegalText } from "../../components/LegalText.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { notFound } from "../../lib/http_error.ts";
import { siteText } from "../../lib/render/site_texts.ts";

/**
 * `GET /api/pages/{name}`: a legal or help text as its page shows it, for the footer's Terms,
 * Privacy and FAQ dialogs (fetched when opened, so the texts do not weigh on every page).
 */
export const pagesApi = new Hono<AppEnv>().get("/:name", (c) => {
  const name = c.req.param("name");
  if (!isSiteTextName(name)) throw notFound("Page not found");
  const text = siteText(c.var.config, name);
  c.header("Cache-Control", "public, max-age=300");
  return c.json({
    name,
    title: text.title,
    html: renderToString(createElement(LegalText, { text, toc: TEXTS_WITH_TOC.has(name), compact: true })),
  });
});
