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
import { newShuffleSeed } from "./shuffle_seed.ts";
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

/** The shuffle seed in a kept header's logo link, replaced by a fresh one on each page. */
const SEED_MARK = `seedmark${crypto.randomUUID().replaceAll("-", "")}`;
type Fragment = { html: string; islands: string[] };
const fragments = new Map<string, Fragment>();

/**
 * The header and footer are the same on most pages (per signed-in user for the header), so
 * each variant is rendered once and kept with the islands it holds: React spent ~0.2 ms on a
 * visitor's header and ~0.5 ms on a member's (profiled).
 */
function fragment(key: string, render: () => ReactNode): Fragment {
  let kept = fragments.get(key);
  if (!kept) {
    const islands = new Set<string>();
    const html = renderToString(<IslandCollector.Provider value={islands}>{render()}</IslandCollector.Provider>);
    kept = { html, islands: [...islands] };
    if (fragments.size >= 1_000) fragments.clear();
    fragments.set(key, kept);
  }
  return kept;
}

function headerHtml(c: Context<AppEnv>, header: PageOptions["header"], islands: Set<string>): string {
  const { config, user } = c.var;
  const props = { user, siteName: config.siteName, tagline: config.tagline, uploadLimits: config.limits, ...header };
  if (header?.uploadSlot) {
    return renderToString(
      <IslandCollector.Provider value={islands}>
        <Header {...props} />
      </IslandCollector.Provider>,
    );
  }
  const kept = fragment(`header:${JSON.stringify(props)}`, () => <Header {...props} homeSeed={SEED_MARK} />);
  for (const name of kept.islands) islands.add(name);
  return kept.html.replace(SEED_MARK, newShuffleSeed());
}

function footerHtml(config: AppEnv["Variables"]["config"]): string {
  const props = {
    siteName: config.siteName,
    supportEmail: config.supportEmail,
    copyrightEmail: config.copyrightEmail,
    maxVideoMb: Math.round(config.limits.videoBytes / 1048576),
  };
  return fragment(`footer:${new Date().getFullYear()}:${JSON.stringify(props)}`, () => <Footer {...props} />).html;
}

/**
 * Renders a page in two passes: the body first, collecting the islands it uses, then the
 * Document, which then knows exactly which scripts to emit (none for a page without islands).
 */
export function renderPage(c: Context<AppEnv>, body: ReactNode, { meta, status = 200, header, bare }: PageOptions) {
  const { config, nonce } = c.var;
  const islands = new Set<string>();
  const main = renderToString(
    <IslandCollector.Provider value={islands}>
      <CardHtml.Provider value={cardHtml}>
        <main id="main" className="flex-1">{body}</main>
      </CardHtml.Provider>
    </IslandCollector.Provider>,
  );
  let bodyHtml = bare ? main : headerHtml(c, header, islands) + main + footerHtml(config);
  const flash = takeFlash(c);
  if (islands.size > 0 || flash) {
    bodyHtml += renderToString(
      <IslandCollector.Provider value={islands}>
        <Island name="Toaster" component={Toaster} props={{ initial: flash }} />
      </IslandCollector.Provider>,
    );
  }
  const assets = manifest();
  const inlineCss = getCookie(c, CSS_COOKIE) !== cssVersion(assets);
  const html = renderToString(
    <Document
      meta={meta}
      siteName={config.siteName}
      siteUrl={config.siteUrl}
      nonce={nonce}
      assets={assets}
      inlineCss={inlineCss}
      islands={[...islands]}
      bodyHtml={bodyHtml}
    />,
  );
  return sendHtml(c, `<!DOCTYPE html>${html}`, status, inlineCss ? assets.cssText : null);
}
