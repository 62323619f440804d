/**
 * The cards' one-click Watch later (issue 43 point 6) in Chromium at 390x844 and 1440x900: a member's
 * clock toggles the item in their Watch later with a toast, the state comes back on reload (one request
 * for the page's cards), the Watch later page follows, and a visitor's cards have no clock.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { collectionItems, collections } from "../../db/schema/mod.ts";
import { COLLECTION_MSG, collectionPath } from "../../common/collection_rules.ts";
import { createMedia, createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const READY = needs(import.meta.url, "chromium");

const SIZES = [
  { name: "390", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "1440", viewport: { width: 1440, height: 900 } },
];

const pressed = (button: Locator, on: boolean, what: string) =>
  until(async () => (await button.getAttribute("aria-pressed")) === String(on), 15_000, what);

/** The clock is inside its card and overlaps none of the card's other controls. */
async function clearOfOthers(card: Locator, clock: Locator) {
  const box = await clock.boundingBox();
  const cardBox = await card.boundingBox();
  assert.ok(box && cardBox && box.width >= 20 && box.height >= 20, "the clock is a visible target");
  assert.ok(box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width + 0.5, "the clock is inside its card");
  for (const other of await card.locator("button, a.card-action").all()) {
    if (await other.getAttribute("data-watch-later")) continue;
    const o = await other.boundingBox();
    if (!o) continue;
    const overlaps: boolean = box.x < o.x + o.width && o.x < box.x + box.width && box.y < o.y + o.height && o.y < box.y + box.height;
    assert.ok(!overlaps, `the clock overlaps ${await other.textContent()}`);
  }
}

Deno.test("[e2e] a card's clock saves to and removes from Watch later, with toasts, kept across reloads", { ignore: !READY }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const maker = await createUser(s.db, { username: "wl_maker" });
    const me = await createUser(s.db, { username: "wl_member" });
    const cookie = await loginCookie(s.db, me.id);
    const t0 = Date.now() - 100_000;
    const item = await createMedia(s.db, { userId: maker.id, title: "Amber dunes", categoryId: 1, tags: "sand", createdAt: t0 + 10_000 });
    await createMedia(s.db, { userId: maker.id, title: "Glass forest", categoryId: 1, createdAt: t0 });
    const wl = await s.db.select().from(collections).where(and(eq(collections.userId, me.id), eq(collections.watchLater, true))).get();
    assert.ok(wl, "the member has a Watch later");
    const wlPage = `${s.url}${collectionPath(wl)}`;
    const held = async () =>
      (await s.db.select().from(collectionItems).where(and(eq(collectionItems.collectionId, wl.id), eq(collectionItems.mediaId, item.id)))
        .all())
        .length;

    for (const size of SIZES) {
      const w = size.name;
      const { name: _n, ...options } = size;
      const context = await signedInContext(browser, s.url, cookie, options);
      const page = await context.newPage();
      const errors = collectErrors(page);
      const asks: string[] = [];
      page.on("request", (r) => r.url().includes("/api/user/watch-later") && asks.push(r.url()));

      await page.goto(`${s.url}/?sortBy=newest`);
      await waitHydrated(page, "Feed");
      const card = page.getByTestId("feed-grid").locator(`article[data-card="${item.id}"]`);
      const clock = card.getByRole("button", { name: "Watch later" });
      await clock.scrollIntoViewIfNeeded();
      await until(() => asks.length > 0, 15_000, "the state asked");
      await pressed(clock, false, "the clock unpressed");
      await clearOfOthers(card, clock);

      // On, by mouse or touch.
      await clock.click();
      await page.getByText(COLLECTION_MSG.watchLaterAdded).first().waitFor({ timeout: 15_000 });
      await pressed(clock, true, "the clock pressed");
      assert.equal(await held(), 1, "the item is in Watch later");
      await screenshot(page, `watch-later-on-${w}`);

      // Reload: one request for the page's cards says it is saved.
      asks.length = 0;
      await page.reload();
      await waitHydrated(page, "Feed");
      await pressed(clock, true, "pressed after reload");
      assert.equal(asks.length, 1, `one state request for the page's cards: ${asks.join(" ")}`);
      const asked = new URL(asks[0]).searchParams.get("ids")!.split(",").map(Number);
      assert.ok(asked.includes(item.id) && asked.length >= 2, "it names every card's id");

      // The Watch later page shows it, its clock pressed.
      await page.goto(wlPage);
      const listed = page.locator(`article[data-card="${item.id}"]`);
      await listed.waitFor({ timeout: 15_000 });
      await pressed(listed.getByRole("button", { name: "Watch later" }), true, "pressed on the Watch later page");
      await screenshot(page, `watch-later-page-${w}`);

      // Off, by keyboard.
      await page.goto(`${s.url}/?sortBy=newest`);
      await waitHydrated(page, "Feed");
      await pressed(clock, true, "pressed again");
      await clock.focus();
      await page.keyboard.press("Enter");
      await page.getByText(COLLECTION_MSG.watchLaterRemoved).first().waitFor({ timeout: 15_000 });
      await pressed(clock, false, "unpressed after removal");
      assert.equal(await held(), 0, "the item left Watch later");
      await screenshot(page, `watch-later-off-${w}`);

      await page.goto(wlPage);
      await page.locator("main").waitFor();
      await until(async () => (await page.locator(`article[data-card="${item.id}"]`).count()) === 0, 10_000, "gone from the page");

      // The seeded images have no file on disk: their 404s are the fixture's, not the page's.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }

    // A visitor's cards have no clock (like the ⋯ menu's Save, it is a member's).
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const vpage = await visitor.newPage();
    await vpage.goto(`${s.url}/?sortBy=newest`);
    await waitHydrated(vpage, "Feed");
    const vcard = vpage.getByTestId("feed-grid").locator(`article[data-card="${item.id}"]`);
    await vcard.waitFor();
    assert.equal(await vcard.getByRole("button", { name: "Watch later" }).count(), 0);
    await visitor.close();
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
