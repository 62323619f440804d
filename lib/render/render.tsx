import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { Document, type PageMeta } from "../../components/Document.tsx";
import { Footer } from "../../components/Footer.tsx";
import { Header, type HeaderProps } from "../../components/Header.tsx";
import { AgeGate } from "../../components/AgeGate.tsx";
import { Island, IslandCollector, StaticIslands } from "../../components/Island.tsx";
import Toaster from "../../islands/Toaster.tsx";
import type { AppEnv } from "../app_env.ts";
import { criticalCssFor, CSS_COOKIE, cssVersion, manifest } from "./assets.ts";
import { getCookie } from "hono/cookie";
import { takeFlash } from "../http/flash.ts";
import { newShuffleSeed } from "../../common/feed_rules.ts";
import { sendHtml } from "../http/compress.ts";
import { currentPath, showsAgeGate } from "./age_gate.ts";
import { aiTools, siteText } from "./site_texts.ts";
import { CardHtml } from "../../components/ui/CardCell.tsx";
import { cardHtml } from "./card_html.tsx";
import { safeNext } from "../../common/return_to.ts";

export type PageOptions = {
  meta: PageMeta;
  status?: ContentfulStatusCode;
  header?: Pick<HeaderProps, "simple" | "query" | "uploadSlot">;
  /** Pages like the embed player render without header and footer. */
  bare?: boolean;
  /**
   * Values that differ on every request of an otherwise equal page (the forum's render clock): like
   * the nonce, the kept compressed page fits around them (lib/http/gzip_memo.ts).
   */
  holes?: string[];
};

/** The shuffle seed in a kept header's logo link, replaced by a fresh one on each page. */
const SEED_MARK = `seedmark${crypto.randomUUID().replaceAll("-", "")}`;
/** The page to return to after signing in, in a kept header's Login links (issue 27 point 4). */
const NEXT_MARK = `nextmark${crypto.randomUUID().replaceAll("-", "")}`;

/** This page, URI-encoded, when it is one to come back to other than home (common/return_to.ts). */
function returnTo(c: Context<AppEnv>): string | undefined {
  const url = new URL(c.req.url);
  const next = safeNext(url.pathname + url.search);
  return next && next !== "/" ? encodeURIComponent(next) : undefined;
}

/** Fills the kept header's Login links with this page, or drops their `next` parameter. */
function fillReturnTo(html: string, c: Context<AppEnv>): string {
  const next = returnTo(c);
  if (next) return html.replaceAll(NEXT_MARK, next);
  return html.replaceAll(`?next=${NEXT_MARK}`, "").replaceAll(`&amp;next=${NEXT_MARK}`, "");
}
type Fragment = { html: string; islands: string[] };
const fragments = new Map<string, Fragment>();

/** A number per object (the operator's tools and rules, cached until their file changes), for fragment keys. */
const objectIds = new WeakMap<object, number>();
let lastObjectId = 0;
function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, id = ++lastObjectId);
  return id;
}

/**
 * The header and footer are the same on most pages (per signed-in user for the header), so
 * each variant is rendered once and kept with the islands it holds: React spent ~0.2 ms on a
 * visitor's header and ~0.5 ms on a member's (profiled). Under the age gate a variant renders
 * its islands as plain HTML (no islands kept). A null key renders without keeping.
 */
function fragment(key: string | null, gated: boolean, render: () => ReactNode): Fragment {
  const fullKey = `${gated ? "gated" : "open"}:${key}`;
  let kept = key === null ? undefined : fragments.get(fullKey);
  if (!kept) {
    const islands = new Set<string>();
    const html = renderToString(
      <StaticIslands.Provider value={gated}>
        <IslandCollector.Provider value={islands}>{render()}</IslandCollector.Provider>
      </StaticIslands.Provider>,
    );
    kept = { html, islands: [...islands] };
    if (key === null) return kept;
    if (fragments.size >= 1_000) fragments.clear();
    fragments.set(fullKey, kept);
  }
  return kept;
}

/**
 * A part of a page rendered once per `cacheKey` and kept like the header and footer, filled
 * into a `div` (or `as`) on later pages: for parts that depend on nothing but the key, such as
 * the home page's category tabs (an island whose props are the key; ~50 µs of React a page).
 * The first time it renders in place and is kept once the page is done: a render inside
 * React's render would reset React's own state for the component around it.
 */
export function Kept({ cacheKey, as: Tag = "div", className, children }: {
  cacheKey: string;
  as?: "div" | "section";
  className?: string;
  children: ReactNode;
}) {
  const gated = useContext(StaticIslands);
  const collector = useContext(IslandCollector);
  const key = `kept:${cacheKey}`;
  const kept = fragments.get(`${gated ? "gated" : "open"}:${key}`);
  if (!kept) {
    queueMicrotask(() => fragment(key, gated, () => children));
    return <Tag className={className}>{children}</Tag>;
  }
  for (const name of kept.islands) collector?.add(name);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: kept.html }} />;
}

function headerHtml(c: Context<AppEnv>, header: PageOptions["header"], islands: Set<string>, gated: boolean, holes: string[]): string {
  const { config, user } = c.var;
  const tools = aiTools(config);
  const props = { user, siteName: config.siteName, tagline: config.tagline, uploadLimits: config.limits, ...header };
  if (header?.uploadSlot) {
    return renderToString(
      <StaticIslands.Provider value={gated}>
        <IslandCollector.Provider value={islands}>
          <Header {...props} tools={tools} returnTo={returnTo(c)} />
        </IslandCollector.Provider>
      </StaticIslands.Provider>,
    );
  }
  const key = `header:${objectId(tools)}:${JSON.stringify(props)}`;
  const kept = fragment(key, gated, () => <Header {...props} tools={tools} homeSeed={SEED_MARK} returnTo={NEXT_MARK} />);
  for (const name of kept.islands) islands.add(name);
  const seed = newShuffleSeed();
  holes.push(seed);
  const html = kept.html.replace(SEED_MARK, seed);
  return user ? html : fillReturnTo(html, c);
}

function footerHtml(config: AppEnv["Variables"]["config"], islands: Set<string>, gated: boolean): string {
  const rules = siteText(config, "rules");
  const props = { siteName: config.siteName, supportEmail: config.supportEmail, copyrightEmail: config.copyrightEmail };
  const key = `footer:${new Date().getFullYear()}:${objectId(rules)}:${JSON.stringify(props)}`;
  const kept = fragment(key, gated, () => <Footer {...props} rules={rules} />);
  for (const name of kept.islands) islands.add(name);
  return kept.html;
}

/**
 * Renders a page in two passes: the body first, collecting the islands it uses, then the
 * Document, which then knows exactly which scripts to emit (none for a page without islands).
 * Under the age gate the page is inert and ships no script: its islands render as plain HTML,
 * and a flash message waits for the page after the gate.
 */
export function renderPage(c: Context<AppEnv>, body: ReactNode, { meta, status = 200, header, bare, holes: pageHoles }: PageOptions) {
  const { config, nonce } = c.var;
  const gated = !bare && showsAgeGate(c);
  const islands = new Set<string>();
  const main = renderToString(
    <StaticIslands.Provider value={gated}>
      <IslandCollector.Provider value={islands}>
        <CardHtml.Provider value={cardHtml}>
          <main id="main" className="flex-1">{body}</main>
        </CardHtml.Provider>
      </IslandCollector.Provider>
    </StaticIslands.Provider>,
  );
  // What this page has that the next one would not: kept compressed parts fit around them (lib/http/gzip_memo.ts).
  const holes = [nonce, ...(pageHoles ?? [])];
  let bodyHtml = bare ? main : headerHtml(c, header, islands, gated, holes) + main + footerHtml(config, islands, gated);
  const flash = gated ? null : takeFlash(c);
  if (islands.size > 0 || flash) {
    // Without a flash message the toaster is the same on every page: kept like the header.
    const toaster = fragment(
      flash ? null : "toaster",
      false,
      () => <Island name="Toaster" component={Toaster} props={{ initial: flash }} />,
    );
    for (const name of toaster.islands) islands.add(name);
    bodyHtml += toaster.html;
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
      ageGate={gated ? <AgeGate next={currentPath(c)} siteName={config.siteName} /> : undefined}
    />,
  );
  return sendHtml(c, `<!DOCTYPE html>${html}`, status, inlineCss ? criticalCssFor(html) : null, holes);
}
