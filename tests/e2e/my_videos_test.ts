/**
 * My Videos in Chromium at 390x844 and 1440x900 (issue 36): a portrait item's card is as tall as
 * its neighbours (point 13), and the owner edits category, AI generator, prompt and tags from the
 * card's Edit (point 5).
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { media } from "../../db/schema/mod.ts";
import { newKey } from "../../lib/media/storage.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");
const browser = CHROMIUM ? await launchBrowser() : null;
const server = await startServer();
const { db, config } = server;
const [first, second] = await categoryIds(db);

/** A real PNG on disk of the given size, so the card shows a picture of that shape. */
async function storedImage(width: number, height: number, color: string): Promise<string> {
  const key = newKey("i", "png");
  mkdirSync(`${config.uploadsDir}/i`, { recursive: true });
  writeFileSync(`${config.uploadsDir}/${key}`, await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer());
  return key;
}

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

/** The cards' boxes, top to bottom and left to right, with their picture's box. */
const cardBoxes = (page: Page) =>
  page.locator("[data-testid=my-videos] > li").evaluateAll((els) =>
    els.map((li) => {
      const r = li.getBoundingClientRect();
      const m = li.querySelector("img")!.parentElement!.getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height), mediaWidth: m.width, mediaHeight: m.height };
    })
  );

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  e2e(`point 13 (${viewport.width}x${viewport.height}): a portrait item's card keeps its row's height and a 16:9 picture`, async () => {
    const owner = await createUser(db, { username: `shape_owner_${viewport.width}` });
    const shapes = [[640, 360], [360, 640], [640, 360], [480, 480], [360, 640], [640, 360]];
    for (const [i, [w, h]] of shapes.entries()) {
      await createMedia(db, {
        userId: owner.id,
        title: `Shape ${i} (${w}x${h})`,
        contentType: "image",
        fileKey: await storedImage(w, h, `#${(0x305070 + i * 0x111111).toString(16).slice(0, 6)}`),
        width: w,
        height: h,
        categoryId: first.id,
        aiGenerator: "Midjourney",
        createdAt: Date.now() - i * 1000,
      });
    }
    const context = await signedInContext(browser!, server.url, await loginCookie(db, owner.id), { viewport });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/my-videos`);
    await waitHydrated(page, "MyVideos");
    await page.locator("[data-testid=my-thumbnail]").evaluateAll((imgs) =>
      Promise.all((imgs as HTMLImageElement[]).map((img) => img.decode().catch(() => {})))
    );
    await screenshot(page, `my-videos-shapes-${viewport.width}`);
    const boxes = await cardBoxes(page);
    assert.equal(boxes.length, shapes.length);
    for (const b of boxes) assert.ok(Math.abs(b.mediaWidth / b.mediaHeight - 16 / 9) < 0.02, `a 16:9 picture: ${JSON.stringify(b)}`);
    const heights = new Set(boxes.map((b) => b.height));
    assert.equal(heights.size, 1, `one height for every card: ${JSON.stringify(boxes)}`);
    assert.ok(boxes[0].height < viewport.height * 0.6, `a card is no screenful: ${boxes[0].height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  e2e(`point 5 (${viewport.width}x${viewport.height}): the owner edits category, AI generator, prompt and tags in My Videos`, async () => {
    const owner = await createUser(db, { username: `edit_owner_${viewport.width}` });
    const item = await createMedia(db, {
      userId: owner.id,
      title: "Spiral study",
      contentType: "image",
      fileKey: await storedImage(640, 360, "#224466"),
      categoryId: first.id,
      aiGenerator: "Kling",
      prompt: "a spiral",
      tags: "spiral",
      reviewStatus: "approved",
    });
    const context = await signedInContext(browser!, server.url, await loginCookie(db, owner.id), { viewport });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/my-videos`);
    await waitHydrated(page, "MyVideos");
    await page.locator(`[data-item-id="${item.id}"]`).getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit video" });
    await dialog.getByLabel("Category").selectOption(String(second.id));
    await dialog.getByLabel("AI Generator").fill("  ");
    await dialog.getByText("Please select or specify an AI tool").waitFor();
    assert.equal(await dialog.getByRole("button", { name: "Save Changes" }).isDisabled(), true, "an owner's item keeps its generator");
    await dialog.getByLabel("AI Generator").fill("Stable Diffusion");
    await dialog.getByLabel("Prompt Used").fill("a golden spiral, macro");
    await dialog.getByLabel("Tags").fill(" spiral, gold ,, macro ");
    await screenshot(page, `my-videos-edit-${viewport.width}`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Video has been successfully updated").waitFor();
    await page.locator(`[data-item-id="${item.id}"]`).getByText(second.name).waitFor();
    const row = await db.select().from(media).where(eq(media.id, item.id)).get();
    assert.deepEqual(
      [row!.categoryId, row!.aiGenerator, row!.prompt, row!.tags],
      [second.id, "Stable Diffusion", "a golden spiral, macro", "spiral, gold, macro"],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
}
