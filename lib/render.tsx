import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Document, type PageMeta } from "../components/Document.tsx";
import { Footer } from "../components/Footer.tsx";
import { Header, type HeaderProps } from "../components/Header.tsx";
import { AgeGate } from "../components/AgeGate.tsx";
import { Island, IslandCollector, StaticIslands } from "../components/Island.tsx";
import Toaster from "../islands/Toaster.tsx";
import type { AppEnv } from "./app_env.ts";
import { CSS_COOKIE, cssVersion, manifest } from "./assets.ts";
import { getCookie } from "hono/cookie";
import { takeFlash } from "./flash.ts";
import { sendHtml } from "./compress.ts";
import { currentPath, showsAgeGate } from "./age_gate.ts";
import { aiTools, siteText } from "./site_texts.ts";

export type PageOptions = {
  meta: PageMeta;
  status?: ContentfulStatusCode;
  header?: Pick<HeaderProps, "simple" | "query" | "uploadSlot">;
  /** Pages like the embed player render without header and footer. */
  bare?: boolean;
};

/**
 * Renders a page in two passes: the body first, collecting the islands it uses, then the
 * Document, which then knows exactly which scripts to emit (none for a page without islands).
 * Under the age gate the page is inert and ships no script: its islands render as plain HTML,
 * and a flash message waits for the page after the gate.
 */
export function renderPage(c: Context<AppEnv>, body: ReactNode, { meta, status = 200, header, bare }: PageOptions) {
  const { config, user, nonce } = c.var;
  const gated = !bare && showsAgeGate(c);
  const islands = new Set<string>();
  let bodyHtml = renderToString(
    <StaticIslands.Provider value={gated}>
      <IslandCollector.Provider value={islands}>
        {!bare && (
          <Header
            user={user}
            siteName={config.siteName}
            tagline={config.tagline}
            uploadLimits={config.limits}
            tools={aiTools(config)}
            {...header}
          />
        )}
        <main id="main" className="flex-1">{body}</main>
        {!bare && (
          <Footer
            siteName={config.siteName}
            supportEmail={config.supportEmail}
            copyrightEmail={config.copyrightEmail}
            rules={siteText(config, "rules")}
          />
        )}
      </IslandCollector.Provider>
    </StaticIslands.Provider>,
  );
  const flash = gated ? null : takeFlash(c);
  if (islands.size > 0 || flash) {
    bodyHtml += renderToString(
      <IslandCollector.Provider value={islands}>
        <Island name="Toaster" component={Toaster} props={{ initial: flash }} />
      </IslandCollector.Provider>,
    );
  }
  const assets = manifest();
  const html = renderToString(
    <Document
      meta={meta}
      siteName={config.siteName}
      siteUrl={config.siteUrl}
      nonce={nonce}
      assets={assets}
      inlineCss={getCookie(c, CSS_COOKIE) !== cssVersion(assets)}
      islands={[...islands]}
      bodyHtml={bodyHtml}
      ageGate={gated ? <AgeGate next={currentPath(c)} siteName={config.siteName} /> : undefined}
    />,
  );
  return sendHtml(c, `<!DOCTYPE html>${html}`, status);
}
