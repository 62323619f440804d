/**
 * Issue 36 point 18: with AD_CLIENT_ID the home page runs under Google's strict CSP for the ad tag
 * ('strict-dynamic' and a nonce, no host list). Chromium must still run every island of it: a
 * script without the nonce would be refused. (The ad script itself cannot load here: no internet.)
 */
import assert from "node:assert/strict";
import { createMedia, createUser, startServer } from "../_helpers.ts";
import { launchBrowser, screenshot, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";

const CHROMIUM = needs(import.meta.url, "chromium");
const browser = CHROMIUM ? await launchBrowser() : null;
const server = await startServer({ AD_CLIENT_ID: "ca-pub-1234567890" });
const owner = await createUser(server.db);
for (let i = 0; i < 8; i++) {
  await createMedia(server.db, { userId: owner.id, title: `Ad page item ${i}`, contentType: "image", fileKey: `i/ad${i}.png` });
}

Deno.test({
  name: "[e2e] with AD_CLIENT_ID the home page's islands run under the ad CSP, with no violation (390 and 1440 px)",
  ignore: !CHROMIUM,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const context = await browser!.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen: string[] = ((globalThis as unknown as { cspViolations: string[] }).cspViolations = []);
        document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      const refused: string[] = [];
      page.on("console", (m) => /Content Security Policy/i.test(m.text()) && refused.push(m.text()));
      const res = await page.goto(`${server.url}/`);
      assert.match(res!.headers()["content-security-policy"], /'strict-dynamic'/);
      await waitHydrated(page, "Feed");
      await page.locator("article, [data-testid=media-card]").first().waitFor({ state: "attached" });
      assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations), []);
      assert.deepEqual(refused, []);
      await screenshot(page, `ads-csp-home-${viewport.width}`);
      await context.close();
    }
  },
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});
