/**
 * Issue 31 point 4 as a member meets it: a video past MAX_VIDEO_SECONDS or MAX_VIDEO_PIXELS,
 * chosen in the upload dialog, is refused by the server with the limit named, shown in the form's
 * alert and a toast, on a phone and on a desktop; nothing is created.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { has, needs } from "../_needs.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { hugeFrameMp4, longTimestampMp4 } from "../_hostile_files.ts";

const READY = needs(import.meta.url, "chromium", "ffmpeg");
const browser = has("chromium") ? await launchBrowser() : null;
const server = await startServer({ RATE_UPLOADS_PER_USER: "100" });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const CASES = [
  { file: "ten-hours.mp4", make: longTimestampMp4, message: "The video is too long: at most 15 minutes" },
  {
    file: "huge.mp4",
    make: hugeFrameMp4,
    message: "The video's frames are too large: at most 8.3 megapixels a frame (this one is 16000x16000)",
  },
];

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  Deno.test({
    name: `[e2e] upload dialog at ${viewport.width}x${viewport.height}: a video past the limits is refused with the limit named`,
    ignore: !READY,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const member = await createUser(server.db);
      const context = await signedInContext(browser!, server.url, await loginCookie(server.db, member.id), { viewport });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/`);
      await waitHydrated(page, "UploadDialog");
      const dialog = page.locator("dialog[aria-label='Upload content']");
      const openDialog = page.locator("header").getByRole("button", { name: "Upload", exact: true });
      await openDialog.click();
      await dialog.locator("select[name=categoryId] option:nth-child(2)").waitFor({ state: "attached" });
      await dialog.locator("input[name=title]").fill("Too much video");
      await dialog.locator("select[name=categoryId]").selectOption({ index: 1 });
      await dialog.locator("select[name=aiGenerator]").selectOption("Runway");
      for (const c of CASES) {
        await dialog.locator("input[type=file]").setInputFiles({
          name: c.file,
          mimeType: "video/mp4",
          buffer: Buffer.from(await c.make()),
        });
        await dialog.locator("button[type=submit]").click();
        const alert = dialog.locator("form").getByRole("alert");
        // The server probes, decodes a frame and scans the packets: on a loaded machine that takes seconds.
        await alert.filter({ hasText: c.message }).waitFor({ timeout: 90_000 });
        await page.locator("[data-toast=destructive]").filter({ hasText: c.message }).last().waitFor({ timeout: 10_000 });
        await screenshot(page, `upload-refused-${c.file.replace(".mp4", "")}-${viewport.width}`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "nothing wider than the viewport");
      }
      const mine = await (await page.request.get(`${server.url}/api/user/videos`)).json();
      assert.deepEqual(mine, [], "nothing was created");
      assert.deepEqual(errors.filter((e) => !/status of 422/.test(e)), []);
      await context.close();
    },
  });
}
