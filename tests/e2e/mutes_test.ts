/**
 * Mutes in Chromium (issue 25): mute an uploader from the media page's menu, see it in /profile's
 * "Muted" section, the item gone from the home feed, then unmute it there.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

/** A muting member and `count` images, one a second, taking turns between noisy_maker and fine_maker. */
async function alternating(
  s: Awaited<ReturnType<typeof startServer>>,
  muter: string,
  o: { count: number; title: string; first: "noisy" | "fine"; tags?: string },
) {
  const me = await createUser(s.db, { username: muter });
  const noisy = await createUser(s.db, { username: "noisy_maker" });
  const fine = await createUser(s.db, { username: "fine_maker" });
  const t0 = Date.now() - 100_000;
  const noisyIds: number[] = [];
  const fineIds: number[] = [];
  for (let i = 0; i < o.count; i++) {
    const isNoisy = (i % 2 === 0) === (o.first === "noisy");
    const row = await createMedia(s.db, {
      userId: isNoisy ? noisy.id : fine.id,
      title: `${o.title} ${i}`,
      categoryId: 1,
      tags: o.tags,
      aiGenerator: "Flux",
      createdAt: t0 + i * 1000,
    });
    (isNoisy ? noisyIds : fineIds).push(row.id);
  }
  return { me, noisyIds, fineIds };
}

Deno.test("[e2e] mute an uploader from the media page, see and undo it in /profile", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const me = await createUser(s.db, { username: "mute_viewer" });
    const noisy = await createUser(s.db, { username: "noisy_maker" });
    const item = await createMedia(s.db, { userId: noisy.id, title: "Noisy thing", categoryId: 1, tags: "loud", aiGenerator: "Flux" });
    const cookie = await loginCookie(s.db, me.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/media/${item.id}`);
      await waitHydrated(page, "MuteMenu");
      await page.getByTestId("mute-menu").getByRole("button", { name: "Mute…" }).click();
      await screenshot(page, `mute-menu-${w}`);
      await page.getByRole("menuitem", { name: "Mute @noisy_maker" }).click();
      await page.getByText("Muted @noisy_maker").first().waitFor();
      const home = await (await fetch(`${s.url}/api/content/feed?page=1`, { headers: { cookie } })).json();
      assert.ok(!home.content.images.some((i: { id: number }) => i.id === item.id), "muted item left the feed");
      await page.goto(`${s.url}/profile`);
      // The list hydrates as it scrolls into view: below the Notifications section (issue 33) it starts below the fold.
      const section = page.getByTestId("muted-section");
      await section.scrollIntoViewIfNeeded();
      await waitHydrated(page, "MutedList");
      await section.getByText("noisy_maker").waitFor();
      await screenshot(page, `profile-muted-${w}`);
      await section.getByRole("button", { name: "Unmute" }).click();
      await section.getByText("Nothing muted.").waitFor();
      // The seeded item has no file on disk: its image's 404 is the fixture's, not the page's.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});

Deno.test("[e2e] mute from a card's ⋯ menu: the cards leave the grid, Undo brings them back", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const { me, noisyIds } = await alternating(s, "card_muter", { count: 8, title: "Card", first: "noisy", tags: "sea, dusk, calm" });
    // Visitors get no menu (and no extra markup per card).
    const visitorHome = await (await fetch(`${s.url}/?sortBy=newest`)).text();
    assert.ok(!visitorHome.includes("card-menu"), "a visitor's cards carry no menu");
    const cookie = await loginCookie(s.db, me.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/?sortBy=newest`);
      await waitHydrated(page, "Feed");
      const grid = page.getByTestId("feed-grid");
      // The newest noisy card is the first in the grid: its menu opens over the cards below it.
      const card = grid.locator(`article[data-card="${noisyIds.at(-1)}"]`);
      await card.scrollIntoViewIfNeeded();
      await card.getByTestId("card-menu-button").click();
      const menu = card.getByTestId("card-menu");
      await menu.waitFor();
      // In the viewport, not clipped by the card, and on top: the element at each corner of the menu is the menu.
      const box = (await menu.boundingBox())!;
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h, `menu inside the ${w} screen`);
      const onTop = await menu.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [[r.left + 4, r.top + 4], [r.right - 4, r.bottom - 4], [r.left + r.width / 2, r.top + r.height / 2]]
          .every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
      });
      assert.ok(onTop, "the menu is above the card and the next cards");
      assert.deepEqual(await menu.getByRole("menuitem").allTextContents(), [
        "Save to collection",
        "Mute @noisy_maker",
        "Mute generator Flux",
        "Mute #sea",
        "Mute #dusk",
        "Mute #calm",
      ]);
      await screenshot(page, `card-menu-${w}`);
      const shown = async () => (await grid.locator("article[data-card]").evaluateAll((els) =>
        els.map((e) => Number(e.getAttribute("data-card")))
      ));
      const before = await shown();
      await menu.getByRole("menuitem", { name: "Mute @noisy_maker" }).click();
      await page.getByText("Muted @noisy_maker").waitFor();
      await card.waitFor({ state: "detached" });
      // The feed may load on at once (it steps back a page in the shorter order): what was shown stays, less noisy's.
      const afterMute = await shown();
      assert.ok(!afterMute.some((id) => noisyIds.includes(id)), "every card of the muted uploader left the grid");
      assert.deepEqual(
        afterMute.slice(0, before.length - before.filter((id) => noisyIds.includes(id)).length),
        before.filter((id) => !noisyIds.includes(id)),
      );
      await screenshot(page, `card-muted-toast-${w}`);
      const feed = await (await fetch(`${s.url}/api/content/feed?page=1&sortBy=newest`, { headers: { cookie } })).json();
      assert.ok(!feed.content.images.some((i: { id: number }) => noisyIds.includes(i.id)), "the server leaves them out too");
      await page.getByRole("button", { name: "Undo" }).click();
      await page.getByText("Unmuted @noisy_maker").waitFor();
      await card.waitFor();
      const afterUndo = await shown();
      assert.deepEqual(afterUndo.filter((id) => before.includes(id)), before, "Undo brings the cards back");
      const after = await (await fetch(`${s.url}/api/user/mutes`, { headers: { cookie } })).json();
      assert.deepEqual(after, []);
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});

Deno.test("[e2e] a muted member's profile says so and Unmute brings the grid back", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const me = await createUser(s.db, { username: "profile_viewer" });
    const owner = await createUser(s.db, { username: "quiet_maker" });
    for (let i = 0; i < 3; i++) await createMedia(s.db, { userId: owner.id, title: `Quiet ${i}`, categoryId: 1, tags: "calm" });
    const cookie = await loginCookie(s.db, me.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const mute = await fetch(`${s.url}/api/user/mutes`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: s.url },
        body: JSON.stringify({ type: "user", value: "quiet_maker" }),
      });
      assert.equal(mute.status, 201);
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/user/quiet_maker`);
      await waitHydrated(page, "MutedMemberNotice");
      const notice = page.getByTestId("muted-member");
      await notice.getByText("You muted this member").waitFor();
      await screenshot(page, `profile-muted-member-${w}`);
      await notice.getByRole("button", { name: "Unmute" }).click();
      await page.getByTestId("profile-grid").locator("article[data-card]").nth(2).waitFor();
      assert.equal(await page.getByTestId("muted-member").count(), 0);
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});

Deno.test("[e2e] after a mute from a card, scrolling on loads every unmuted item (none skipped by the shorter order)", {
  ignore: !CHROMIUM,
}, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    // 24 images, every other one noisy's: the first page holds 6 (3 of them noisy's), the rest load on scroll.
    const { me, fineIds } = await alternating(s, "scroll_muter", { count: 24, title: "Scroll", first: "fine" });
    fineIds.reverse();
    const cookie = await loginCookie(s.db, me.id);
    const context = await signedInContext(browser, s.url, cookie, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.url}/?sortBy=newest`);
    await waitHydrated(page, "Feed");
    const grid = page.getByTestId("feed-grid");
    const newest = await grid.locator("article[data-card]").first().getAttribute("data-card"); // noisy's
    const card = grid.locator(`article[data-card="${newest}"]`);
    await card.getByTestId("card-menu-button").click();
    await card.getByRole("menuitem", { name: "Mute @noisy_maker" }).click();
    await card.waitFor({ state: "detached" });
    const end = Date.now() + 30_000;
    while (!(await page.getByText("You've reached the end").count())) {
      if (Date.now() > end) throw new Error("the feed did not reach its end");
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(100);
    }
    const shown = await grid.locator("article[data-card]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));
    assert.deepEqual(shown, fineIds);
    await context.close();
  } finally {
    await browser.close();
    await s.shutdown();
  }
});

Deno.test(
  "[e2e] a member's own cards offer no 'Mute @themselves' (feed, search, related, own profile)",
  { ignore: !CHROMIUM },
  async () => {
    const s = await startServer();
    const browser = await launchBrowser();
    try {
      const me = await createUser(s.db, { username: "Self_Maker" });
      const other = await createUser(s.db, { username: "other_maker" });
      const t0 = Date.now() - 100_000;
      const mine = await createMedia(s.db, {
        userId: me.id,
        title: "Lantern mine",
        categoryId: 1,
        tags: "lantern",
        aiGenerator: "Flux",
        createdAt: t0 + 2000,
      });
      const theirs = await createMedia(s.db, {
        userId: other.id,
        title: "Lantern theirs",
        categoryId: 1,
        tags: "lantern",
        aiGenerator: "Flux",
        createdAt: t0,
      });
      const cookie = await loginCookie(s.db, me.id);
      // Server-rendered markup of every grid: the own card's menu has no entry for its uploader, the other card's has.
      for (const path of ["/?sortBy=newest", "/search?q=lantern", `/media/${theirs.id}`, "/user/Self_Maker"]) {
        const html = (await (await fetch(`${s.url}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
        assert.ok(html.includes(`data-card="${mine.id}"`), `${path}: the own card is there`);
        assert.ok(!html.includes("Mute @Self_Maker"), `${path}: no self-mute entry`);
        if (!path.startsWith("/user/") && !path.startsWith("/media/")) {
          assert.ok(html.includes("Mute @other_maker"), `${path}: others can be`);
        }
      }
      for (const [w, h] of [[390, 844], [1440, 900]]) {
        const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${s.url}/?sortBy=newest`);
        await waitHydrated(page, "Feed");
        const card = page.getByTestId("feed-grid").locator(`article[data-card="${mine.id}"]`);
        await card.getByTestId("card-menu-button").click();
        const menu = card.getByTestId("card-menu");
        await menu.waitFor();
        assert.deepEqual(await menu.getByRole("menuitem").allTextContents(), [
          "Save to collection",
          "Mute generator Flux",
          "Mute #lantern",
        ]);
        await screenshot(page, `card-menu-own-${w}`);
        await page.keyboard.press("Escape");
        const theirMenu = page.getByTestId("feed-grid").locator(`article[data-card="${theirs.id}"]`);
        await theirMenu.getByTestId("card-menu-button").click();
        assert.deepEqual(await theirMenu.getByTestId("card-menu").getByRole("menuitem").allTextContents(), [
          "Save to collection",
          "Mute @other_maker",
          "Mute generator Flux",
          "Mute #lantern",
        ]);
        assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
        await context.close();
      }
    } finally {
      await browser.close();
      await s.shutdown();
    }
  },
);
