/**
 * The bytes a page costs in Chromium (issue 35): every response's transferred bytes (headers and
 * body, as the network log counts them) by URL path, from an empty cache, for a given screen. Used by
 * tests/e2e/image_page_test.ts (asserted) and bench/images.ts (printed).
 */
import type { Browser, Page } from "playwright-core";

export type Screen = { width: number; height: number; dpr: number; phone: boolean };
export const PHONE: Screen = { width: 390, height: 844, dpr: 3, phone: true };
export const DESKTOP: Screen = { width: 1440, height: 900, dpr: 1, phone: false };

export type Transfers = { byPath: Map<string, number>; total: number; page: Page; close(): Promise<void> };

/** A page at `screen` in a context of its own (an empty cache) whose transfers are counted from now on. */
export async function countedPage(browser: Browser, screen: Screen): Promise<Transfers> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.dpr,
    isMobile: screen.phone,
    hasTouch: screen.phone,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // A new context has an empty cache; it stays on, so a preload and its <img> are one fetch, as in a browser.
  await cdp.send("Network.enable");
  const paths = new Map<string, string>();
  const out: Transfers = { byPath: new Map(), total: 0, page, close: () => context.close() };
  cdp.on("Network.requestWillBeSent", (e) => void paths.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on("Network.loadingFinished", (e) => {
    const path = paths.get(e.requestId) ?? "?";
    out.byPath.set(path, (out.byPath.get(path) ?? 0) + e.encodedDataLength);
    out.total += e.encodedDataLength;
  });
  return out;
}

/** The bytes of the responses whose path starts with `prefix`. */
export const bytesUnder = (t: Transfers, prefix: string) =>
  [...t.byPath].filter(([p]) => p.startsWith(prefix)).reduce((n, [, b]) => n + b, 0);

/** Waits until the page's images have loaded (or failed), then a moment for the log to catch up. */
export async function imagesSettled(page: Page) {
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await page.waitForTimeout(300);
}
