/**
 * The search page after a mute from a card (issue 25): the muted cards leave the grid and the Next
 * link names the last card still shown, so the next page starts right after it (none skipped).
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { SEARCH_PAGE_SIZE } from "../../lib/feed/search.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] search: after a mute from a card, Next goes on right after the last card shown", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const me = await createUser(s.db, { username: "search_muter" });
    const noisy = await createUser(s.db, { username: "noisy_comets" });
    const fine = await createUser(s.db, { username: "fine_comets" });
    const t0 = Date.now() - 10_000_000;
    for (let i = 0; i < 130; i++) {
      await createMedia(s.db, { userId: i % 3 ? fine.id : noisy.id, title: `comet ${i}`, categoryId: 1, createdAt: t0 + i * 1000 });
    }
    const cookie = await loginCookie(s.db, me.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/search?q=comet`);
      await waitHydrated(page, "SearchResults");
      const grid = page.getByTestId("search-grid");
      const cards = () => grid.locator("article[data-card]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));
      assert.equal((await cards()).length, SEARCH_PAGE_SIZE);
      const next = page.locator('a[rel="next"]');
      assert.equal(await next.getAttribute("href"), "/search?q=comet&page=2");
      const card = grid.locator("article[data-card]").filter({ hasText: "noisy_comets" }).first();
      await card.getByTestId("card-menu-button").click();
      await card.getByRole("menuitem", { name: "Mute @noisy_comets" }).click();
      await page.getByText("Muted @noisy_comets").waitFor();
      await card.waitFor({ state: "detached" });
      const shown = await cards();
      assert.ok(shown.length < SEARCH_PAGE_SIZE);
      assert.equal(await next.getAttribute("href"), `/search?q=comet&page=2&after=${shown.at(-1)}`);
      await next.scrollIntoViewIfNeeded();
      await screenshot(page, `search-next-after-mute-${w}`);
      // The member's order, from the API: the next page is what follows the last card shown.
      const order: number[] = [];
      for (const p of [1, 2]) {
        order.push(
          ...(await (await fetch(`${s.url}/api/search?q=comet&page=${p}`, { headers: { cookie } })).json()).map((i: { id: number }) =>
            i.id
          ),
        );
      }
      const from = order.indexOf(shown.at(-1)!) + 1;
      await next.click();
      await page.waitForURL(/after=/);
      await waitHydrated(page, "SearchResults");
      assert.deepEqual(await cards(), order.slice(from, from + SEARCH_PAGE_SIZE));
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await fetch(`${s.url}/api/user/mutes/user/noisy_comets`, { method: "DELETE", headers: { cookie, origin: s.url } });
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
