/** One headless Chromium per test file (Debian's package; Playwright's own download is not used). */
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from "playwright-core";
import { until } from "../_helpers.ts";
import { mkdirSync } from "node:fs";
import { chromiumPath, has } from "../_needs.ts";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export { chromiumPath };

/** Prefer `needs(import.meta.url, "chromium")` (tests/_needs.ts), which says what to install. */
export const hasChromium = () => has("chromium");

/** The 18+ gate's answer (lib/render/age_gate.ts), for the hosts the test servers listen on. */
const AGE_COOKIES = ["http://127.0.0.1", "http://localhost"].map((url) => ({ name: "dr_age", value: "1", url }));

/**
 * Every context (and every page: `browser.newPage` makes its context through `newContext`) of the
 * browser carries the age gate's cookie, as a returning visitor's browser does. The gate's own
 * tests pass `{ ageGate: "ask" }` to meet it as a first-time visitor.
 */
export async function launchBrowser(opts: { ageGate?: "answered" | "ask" } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS, headless: true });
  if (opts.ageGate !== "ask") {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options?: BrowserContextOptions) => {
      const context = await newContext(options);
      await context.addCookies(AGE_COOKIES);
      return context;
    };
  }
  return browser;
}

/** Fails the test on any console error or uncaught page error. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** Screenshots go to test-results/ (ignored by git) as artifacts of the run. */
export async function screenshot(page: Page, name: string) {
  mkdirSync("test-results", { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
}

export async function waitHydrated(page: Page, island: string) {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated]`, { state: "attached", timeout: 10_000 });
}

/** Waits until `target` holds the focus. Islands move focus in an effect, which runs after the paint that made the
 * target visible; under load a one-shot check right after `waitFor` can come between the two. */
export async function waitFocused(target: Locator, what: string) {
  await until(() => target.evaluate((el) => el === document.activeElement), 10_000, what);
}

/** A browser context carrying a session cookie ("name=value", e.g. from loginCookie) for the server at `url`. */
export async function signedInContext(browser: Browser, url: string, cookie: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url }]);
  return context;
}

/**
 * Stops the page's clock (its context installed Playwright's fake timers, `context.clock.install()`, before loading
 * it), so a toast can no longer time out by itself after its 5 s: what closes it then is what the test did.
 */
export async function stopClock(page: Page) {
  // The page's time runs on between reading it and pausing: aim a little ahead, and again if it got there first.
  for (let ahead = 100;; ahead *= 2) {
    try {
      return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
    } catch (e) {
      if (ahead > 1600 || !String(e).includes("to the past")) throw e;
    }
  }
}

/**
 * With the page's clock stopped (stopClock), moves it on 100 ms at a time until `target` shows: renders and effects
 * wait on timers and animation frames. At most `limitMs` of page time, so a 5 s toast is still up after 2 s.
 */
export async function advanceUntilVisible(page: Page, target: Locator, limitMs = 2000) {
  for (let spent = 0; !(await target.isVisible()); spent += 100) {
    if (spent >= limitMs) throw new Error(`not visible after ${limitMs} ms of page time: ${target}`);
    await page.clock.runFor(100);
  }
}
