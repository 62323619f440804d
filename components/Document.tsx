import type { ReactNode } from "react";
import { scriptJson } from "./Island.tsx";

/** The build manifest tasks/build.ts writes (lib/render/assets.ts reads it): the stylesheet, the client entry, each island's chunks. */
export type IslandAsset = { file: string; imports: string[] };
export type Manifest = {
  css: string;
  /** The stylesheet's text, inlined into a visitor's first page. */
  cssText: string;
  client: string;
  /** The chunks holding the UI runtime (Preact), for the bench's own-code figure. */
  runtime: string[];
  islands: Record<string, IslandAsset>;
};

export type PageMeta = {
  title: string;
  description?: string;
  /** Path or absolute URL; made absolute against SITE_URL. */
  canonical?: string;
  keywords?: string[];
  image?: string;
  type?: "website" | "article" | "video.other" | "profile";
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  extraHead?: ReactNode;
  /** `player` where extraHead carries the twitter:player tags (lib/render/media_meta.tsx). */
  twitterCard?: "summary_large_image" | "player";
};

type Props = {
  meta: PageMeta;
  siteName: string;
  siteUrl: string;
  nonce: string;
  assets: Manifest;
  islands: string[];
  bodyHtml: string;
  /**
   * False once the visitor has the stylesheet cached (see CSS_COOKIE in lib/render/assets.ts). When true
   * sendHtml (lib/http/compress.ts) puts the rules this page uses (lib/render/critical_css.ts) in a <style>
   * right after the viewport: React would move it below every hoisted meta and link, and there,
   * at the very start of the page, the inlined styles are the same on every page of a kind and
   * compressed once. The whole file is linked at the end of the body.
   */
  inlineCss: boolean;
  /** The 18+ interstitial; the page under it is inert (no focus, hidden from assistive technology). */
  ageGate?: ReactNode;
};

const abs = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

export function Document({ meta, siteName, siteUrl, nonce, assets, islands, bodyHtml, inlineCss, ageGate }: Props) {
  const title = meta.title === siteName ? siteName : `${meta.title} | ${siteName}`;
  const canonical = meta.canonical ? abs(siteUrl, meta.canonical) : undefined;
  const image = meta.image ? abs(siteUrl, meta.image) : abs(siteUrl, "/static/og-default.png");
  return (
    <html lang="en" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {
          /* On a first visit the rules the page uses are inlined instead: a stylesheet request would hold the first
            paint for a round trip (Lighthouse mobile: FCP 1.9 s linked). Island code is not preloaded either, so it
            never competes with the styles and the poster. */
        }
        {!inlineCss && <link rel="stylesheet" href={assets.css} />}
        <title>{title}</title>
        {meta.description && <meta name="description" content={meta.description} />}
        {meta.keywords?.length ? <meta name="keywords" content={meta.keywords.join(", ")} /> : null}
        {meta.noindex && <meta name="robots" content="noindex" />}
        {canonical && <link rel="canonical" href={canonical} />}
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={meta.title} />
        {meta.description && <meta property="og:description" content={meta.description} />}
        <meta property="og:type" content={meta.type ?? "website"} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={image} />
        <meta name="twitter:card" content={meta.twitterCard ?? "summary_large_image"} />
        <meta name="theme-color" content="#0a0a0a" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {meta.extraHead}
        {meta.jsonLd && (
          <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: scriptJson(meta.jsonLd) }} />
        )}
      </head>
      <body className="min-h-screen bg-neutral-950 text-neutral-100 antialiased">
        {ageGate}
        <div
          id="app"
          className="flex min-h-screen flex-col"
          inert={ageGate ? true : undefined}
          dangerouslySetInnerHTML={{ __html: bodyHtml }}
        />
        {
          /* In the body a stylesheet holds up the painting of nothing above it; module scripts wait for it, so
            what islands render later (dialogs, menus, more cards) is styled by the whole file. */
        }
        {inlineCss && <link rel="stylesheet" href={assets.css} />}
        {
          /* Low: the page works and paints without it, so the images of the first screen go first (at the default
            high priority a module script that lands before the first paint counts as render-blocking in Lighthouse). */
        }
        {islands.length > 0 && <script type="module" src={assets.client} nonce={nonce || undefined} fetchPriority="low" />}
      </body>
    </html>
  );
}
