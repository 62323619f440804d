/**
 * Issue 14 point 1 in Chromium: a first visit paints its first screen with the CSS inlined in
 * the page alone, laid out exactly as with the whole stylesheet (no flash of unstyled content,
 * nothing moves when the file lands), on a phone and on a desktop, for the home, media and forum
 * pages. Screenshots of each (first visit with the file held back, and returning) go to
 * test-results/.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { manifest } from "../../lib/render/assets.ts";
import { startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { seedFirstScreen } from "../_first_screen.ts";
import { launchBrowser, screenshot } from "./_browser.ts";

const browser: Browser | null = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = browser ? await startServer() : null;
if (server) await seedFirstScreen(server.db, server.config);
Deno.test.afterAll(async () => {
  await browser?.close();
  await server?.shutdown();
});

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const PAGES = { home: "/?sortBy=newest", media: "/media/7", forum: "/forum" };

/** Position, size in view and the look of every element that shows in the first screen. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("#app *")) {
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.top > innerHeight || r.width === 0 || r.height === 0) continue;
      const s = getComputedStyle(el);
      out.push(
        [
          el.tagName,
          Math.round(r.x),
          Math.round(r.y),
          Math.round(r.width),
          // Only the part in view: items below it lay out lazily (content-visibility), so a
          // container's full height depends on which of them were rendered yet.
          Math.round(Math.min(r.bottom, innerHeight) - r.top),
          s.color,
          s.backgroundColor,
          s.font,
          s.display,
        ]
          .join(" "),
      );
    }
    return out;
  });
}

/** Waits for a condition in the page; Playwright's waitForFunction polls with the page's own timers, which script off stops. */
async function until(page: Page, condition: () => boolean) {
  for (let i = 0; !(await page.evaluate(condition)); i++) {
    if (i > 200) throw new Error(`timed out waiting for ${condition}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const [pageName, path] of Object.entries(PAGES)) {
    Deno.test({
      name: `[e2e] ${pageName} on a ${viewportName}: a first visit's inlined CSS lays out the first screen as the whole stylesheet does`,
      ignore: !browser,
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        // Script off: what is compared is the first paint, before any island renders.
        const context = await browser!.newContext({ viewport, javaScriptEnabled: false });
        try {
          const page = await context.newPage();
          let release = () => {};
          const held = new Promise<void>((resolve) => release = resolve);
          await page.route(`**${manifest().css}`, async (route) => {
            await held;
            await route.continue();
          });
          // The parser waits at the body's stylesheet link (so DOMContentLoaded does too); all before it shows.
          await page.goto(server!.url + path, { waitUntil: "commit" });
          await page.waitForSelector("footer", { state: "attached" });
          assert.equal(await page.locator("head style").count(), 1, "a first visit");
          const sheets = () => page.evaluate(() => [...document.styleSheets].filter((s) => s.href).length);
          assert.equal(await sheets(), 0, "the stylesheet is still held back");
          await until(page, () => [...document.images].filter((i) => i.loading !== "lazy").every((i) => i.complete));
          const inlinedOnly = await firstScreen(page);
          await screenshot(page, `first-screen-${pageName}-${viewportName}-inlined-only`);
          assert.ok(inlinedOnly.length > 20, `${inlinedOnly.length} elements in view`);

          release();
          await until(page, () => [...document.styleSheets].some((s) => s.href));
          const whole = await firstScreen(page);
          assert.deepEqual(inlinedOnly, whole);

          // The next page is a returning visitor's: the file is linked, nothing inlined.
          await page.goto(server!.url + path);
          assert.equal(await page.locator("head style").count(), 0);
          assert.deepEqual(await firstScreen(page), whole);
          await screenshot(page, `first-screen-${pageName}-${viewportName}-returning`);
        } finally {
          await context.close();
        }
      },
    });
  }
}
