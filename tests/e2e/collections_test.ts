/**
 * Collections in Chromium (issue 32 point 5), at 390x844 and 1440x900: a member saves an item to a
 * new public collection from a card's ⋯ menu on the home feed, and another from the media page's
 * Save; a visitor opens the collection's page and plays it; the owner reorders it with the arrows.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { createMedia, createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { h264 } from "../_video_sources.ts";

const READY = needs(import.meta.url, "chromium", "ffmpeg");

const SIZES = [
  { name: "390", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "1440", viewport: { width: 1440, height: 900 } },
];

/** Playing: not paused and past its first frame. */
const playing = (page: Page, card: string) =>
  page.waitForFunction(
    (sel) => {
      const v = document.querySelector<HTMLVideoElement>(sel);
      return !!v && !v.paused && v.currentTime > 0;
    },
    `${card} video`,
    { timeout: 20_000 },
  );

Deno.test("[e2e] save to a new public collection from a card and the media page, a visitor plays it, the owner reorders", {
  ignore: !READY,
}, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    mkdirSync(`${s.config.uploadsDir}/v`, { recursive: true });
    const clip = h264("320x180", 2, 15);
    const made = await new Deno.Command("ffmpeg", {
      args: ["-y", "-loglevel", "error", ...clip.args, `${s.config.uploadsDir}/v/collclip.mp4`],
    }).output();
    assert.ok(made.success, "ffmpeg made the clip");
    const maker = await createUser(s.db, { username: "clip_maker" });
    const saver = await createUser(s.db, { username: "coll_saver" });
    const cookie = await loginCookie(s.db, saver.id);
    const t0 = Date.now() - 100_000;
    const video = await createMedia(s.db, {
      userId: maker.id,
      title: "Neon tide",
      contentType: "video",
      fileKey: "v/collclip.mp4",
      duration: 2,
      categoryId: 1,
      tags: "sea, neon",
      createdAt: t0 + 10_000,
    });
    const still = await createMedia(s.db, { userId: maker.id, title: "Quiet harbour", categoryId: 1, createdAt: t0 });
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${s.url}${path}`, { ...init, headers: { cookie, origin: s.url, "content-type": "application/json", ...init.headers } });

    for (const size of SIZES) {
      const w = size.name;
      const title = `Neon picks ${w}`;
      const { name: _n, ...options } = size;
      const context = await signedInContext(browser, s.url, cookie, options);
      const page = await context.newPage();
      const errors = collectErrors(page);

      // 1. From the card's ⋯ menu on the home feed.
      await page.goto(`${s.url}/?sortBy=newest`);
      await waitHydrated(page, "Feed");
      const card = page.getByTestId("feed-grid").locator(`article[data-card="${video.id}"]`);
      await card.scrollIntoViewIfNeeded();
      await card.getByTestId("card-menu-button").click();
      await card.getByRole("menuitem", { name: "Save to collection" }).click();
      const dialog = page.getByRole("dialog", { name: "Save to collection" });
      await dialog.getByText("Watch later").waitFor();
      await dialog.getByPlaceholder("Title").fill(title);
      await dialog.getByLabel("Visibility").selectOption("public");
      await screenshot(page, `save-dialog-card-${w}`);
      await dialog.getByRole("button", { name: "Create and save" }).click();
      const newBox = dialog.getByRole("checkbox", { name: new RegExp(title) });
      await until(() => newBox.isChecked(), 10_000, "the new collection checked");
      assert.equal(await dialog.getByRole("checkbox", { name: /Watch later/ }).isChecked(), false);
      await page.getByText(`Saved to ${title}`).first().waitFor();
      await screenshot(page, `save-dialog-card-saved-${w}`);
      await dialog.getByRole("button", { name: "Done" }).click();
      await dialog.waitFor({ state: "detached" });

      const mine = await (await api("/api/user/collections")).json();
      const col = mine.collections.find((c: { title: string }) => c.title === title);
      assert.equal(col.visibility, "public");
      assert.equal(col.itemCount, 1);

      // 2. From the media page's Save.
      await page.goto(`${s.url}/media/${still.id}`);
      await waitHydrated(page, "SaveButton");
      await screenshot(page, `media-save-button-${w}`);
      await page.getByTestId("save-button").click();
      const again = page.getByRole("dialog", { name: "Save to collection" });
      const box = again.getByRole("checkbox", { name: new RegExp(title) });
      await box.waitFor();
      assert.equal(await box.isChecked(), false);
      await box.check();
      await page.getByText(`Saved to ${title}`).first().waitFor();
      await screenshot(page, `save-dialog-media-${w}`);
      await page.keyboard.press("Escape");
      await again.waitFor({ state: "detached" });
      const order = (await (await api(`/api/collections/${col.id}`)).json()).order;
      assert.deepEqual(order, [video.id, still.id]);

      // 3. A visitor opens the collection page and plays it.
      const visitor = await browser.newContext(options);
      const vpage = await visitor.newPage();
      const verrors = collectErrors(vpage);
      await vpage.goto(`${s.url}${col.url}`);
      await vpage.getByRole("heading", { level: 1, name: title }).waitFor();
      await waitHydrated(vpage, "CollectionGrid");
      const cards = vpage.getByTestId("collection-grid").locator("article[data-card]");
      assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card")))), [video.id, still.id]);
      const videoCard = `[data-testid=collection-grid] article[data-card="${video.id}"]`;
      // Phones play the card in the target zone; a mouse plays the hovered one.
      if (size.isMobile) await vpage.locator(videoCard).scrollIntoViewIfNeeded();
      else await vpage.locator(videoCard).hover();
      await playing(vpage, videoCard);
      await screenshot(vpage, `collection-visitor-${w}`);
      assert.equal(await vpage.getByRole("button", { name: "Move later" }).count(), 0, "a visitor cannot reorder");
      assert.deepEqual(verrors.filter((e) => !e.includes("status of 404")), []);
      await visitor.close();

      // 4. The owner reorders with the arrows.
      await page.goto(`${s.url}${col.url}`);
      await waitHydrated(page, "CollectionGrid");
      const grid = page.getByTestId("collection-grid");
      const first = grid.locator(`li[data-item="${video.id}"]`);
      assert.equal(await first.getByRole("button", { name: "Move earlier" }).isDisabled(), true);
      await first.getByRole("button", { name: "Move later" }).click();
      await until(
        async () => {
          const now = (await (await api(`/api/collections/${col.id}`)).json()).order;
          return now[0] === still.id && now[1] === video.id;
        },
        10_000,
        "the new order saved",
      );
      assert.deepEqual(await grid.locator("li[data-item]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-item")))), [
        still.id,
        video.id,
      ]);
      // The focus stays on the moved card's arrows (the other one, as it reached the end), so the owner can go on by keyboard.
      await until(
        () => page.evaluate((id) => document.activeElement?.getAttribute("data-move") === `${id}:up`, video.id),
        5_000,
        "focus on the moved button",
      );
      await screenshot(page, `collection-owner-${w}`);
      await page.reload();
      await waitHydrated(page, "CollectionGrid");
      assert.deepEqual(await grid.locator("li[data-item]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-item")))), [
        still.id,
        video.id,
      ]);
      // 5. The public collection is listed on the owner's profile (Watch later too, for them).
      await page.goto(`${s.url}/user/coll_saver`);
      const listed = page.getByTestId("profile-collections");
      await listed.getByRole("link", { name: new RegExp(title) }).waitFor();
      await listed.getByText("Watch later").waitFor();
      await listed.scrollIntoViewIfNeeded();
      await screenshot(page, `profile-collections-${w}`);
      // The seeded image has no file on disk: its 404 is the fixture's, not the page's.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});

Deno.test("[e2e] the owner drags a card to a new place, removes one, edits the collection and deletes it", { ignore: !READY }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const maker = await createUser(s.db, { username: "still_maker" });
    const owner = await createUser(s.db, { username: "coll_owner" });
    const cookie = await loginCookie(s.db, owner.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createMedia(s.db, { userId: maker.id, title: `Still ${i}`, categoryId: 1 })).id);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${s.url}${path}`, { ...init, headers: { cookie, origin: s.url, "content-type": "application/json", ...init.headers } });
    for (const size of SIZES) {
      const w = size.name;
      const col =
        await (await api("/api/collections", { method: "POST", body: JSON.stringify({ title: `Stills ${w}`, visibility: "private" }) }))
          .json();
      for (const contentId of ids) {
        assert.equal((await api(`/api/collections/${col.id}/items`, { method: "POST", body: JSON.stringify({ contentId }) })).status, 201);
      }
      const { name: _n, ...options } = size;
      const context = await signedInContext(browser, s.url, cookie, options);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}${col.url}`);
      await waitHydrated(page, "CollectionGrid");
      const grid = page.getByTestId("collection-grid");
      const shown = () => grid.locator("li[data-item]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-item"))));
      const saved = async () => (await (await api(`/api/collections/${col.id}`)).json()).order;
      if (!size.isMobile) {
        // Drag the first card onto the third: it takes the third's place.
        await grid.locator(`li[data-item="${ids[0]}"]`).dragTo(grid.locator(`li[data-item="${ids[2]}"]`));
        await until(
          async () => JSON.stringify(await saved()) === JSON.stringify([ids[1], ids[2], ids[0]]),
          10_000,
          "the dragged order saved",
        );
        assert.deepEqual(await shown(), [ids[1], ids[2], ids[0]]);
      }
      const removed = (await shown())[0];
      await grid.locator(`li[data-item="${removed}"]`).getByRole("button", { name: "Remove" }).click();
      await page.getByText(`Removed from Stills ${w}`).first().waitFor();
      await grid.locator(`li[data-item="${removed}"]`).waitFor({ state: "detached" });
      assert.equal((await saved()).includes(removed), false);

      await page.getByRole("button", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Edit collection" });
      await edit.getByLabel("Title").fill("");
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.getByText("Give the collection a title").waitFor();
      await edit.getByLabel("Title").fill(`Best stills ${w}`);
      assert.equal(await edit.getByText("Give the collection a title").count(), 0, "the message goes once the title is fixed");
      await edit.getByLabel("Description (optional)").fill("Quiet frames.");
      await edit.getByRole("radio", { name: /Unlisted/ }).check();
      await screenshot(page, `collection-edit-${w}`);
      await edit.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(`${s.url}/collections/${col.id}-best-stills-${w}`);
      await page.getByRole("heading", { level: 1, name: `Best stills ${w}` }).waitFor();
      await page.getByText("Quiet frames.").waitFor();
      await page.getByTestId("collection-head").getByText("Unlisted").waitFor();

      await page.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete collection?" });
      await screenshot(page, `collection-delete-${w}`);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.waitForURL(`${s.url}/user/coll_owner#collections`);
      assert.equal((await api(`/api/collections/${col.id}`)).status, 404);
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
