import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Document, type PageMeta } from "../components/Document.tsx";
import { Footer } from "../components/Footer.tsx";
import { Header, type HeaderProps } from "../components/Header.tsx";
import { Island, IslandCollector } from "../components/Island.tsx";
import Toaster from "../islands/Toaster.tsx";
import type { AppEnv } from "./app_env.ts";
import { CSS_COOKIE, cssVersion, manifest } from "./assets.ts";
import { getCookie } from "hono/cookie";
import { takeFlash } from "./flash.ts";
import { sendHtml } from "./compress.ts";
import { CardHtml } from "../components/ui/CardCell.tsx";
import { cardHtml } from "./card_html.tsx";

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
 */
export function renderPage(c: Context<AppEnv>, body: ReactNode, { meta, status = 200, header, bare }: PageOptions) {
  const { config, user, nonce } = c.var;
  const islands = new Set<string>();
  let bodyHtml = renderToString(
    <IslandCollector.Provider value={islands}>
      <CardHtml.Provider value={cardHtml}>
        {!bare && <Header user={user} siteName={config.siteName} tagline={config.tagline} uploadLimits={config.limits} {...header} />}
        <main id="main" className="flex-1">{body}</main>
        {!bare && (
          <Footer
            siteName={config.siteName}
            supportEmail={config.supportEmail}
            copyrightEmail={config.copyrightEmail}
            maxVideoMb={Math.round(config.limits.videoBytes / 1048576)}
          />
        )}
      </CardHtml.Provider>
    </IslandCollector.Provider>,
  );
  const flash = takeFlash(c);
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
    />,
  );
  return sendHtml(c, `<!DOCTYPE html>${html}`, status);
}
