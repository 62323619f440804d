/** Issue 27's two expected features in Chromium: upload help (drop, preview, checks before sending) and deleting one's own comments. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { png, webm } from "../_media_fixtures.ts";
import { has } from "../_needs.ts";
import { comments } from "../../db/schema/mod.ts";
import { mediaSlug } from "../../lib/media/slug.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

async function memberPage(userId: number, options: typeof PHONE | typeof DESKTOP) {
  const context = await signedInContext(browser!, server.url, await loginCookie(db, userId), options);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/** Drops a file on the upload dialog as a drag from the desktop would. */
async function dropFile(page: Page, name: string, type: string, bytes: Uint8Array) {
  await page.getByTestId("upload-drop").evaluate((el, { name, type, bytes }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name, { type }));
    el.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, { name, type, bytes: [...bytes] });
}

for (const [size, options] of [["390", PHONE], ["1440", DESKTOP]] as const) {
  e2e(`upload help (${size}): drop on the dialog, a preview, and the server's rules checked before any byte goes`, async () => {
    const member = await createUser(db, { username: `drop_member_${size}` });
    const { context, page, errors } = await memberPage(member.id, options);
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/api/upload") && sent.push(r.url()));
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "UploadDialog");
    await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
    const dialog = page.locator("dialog[aria-label='Upload content']");
    await dialog.waitFor();

    // An image dropped while the Video tab is open: the Image tab takes it, with its preview.
    await dropFile(page, "koi.png", "image/png", await png("#22aa88", 120, 80));
    assert.equal(await dialog.getByRole("tab", { name: "Image" }).getAttribute("aria-selected"), "true");
    await dialog.getByTestId("upload-preview").locator("img").waitFor();
    assert.match(await dialog.getByTestId("upload-file-name").textContent() ?? "", /^koi\.png · /);
    await dialog.getByTestId("upload-preview").scrollIntoViewIfNeeded();
    await screenshot(page, `walk-upload-preview-${size}`);

    // A type the server refuses is said at once, and sending stops before the bytes go.
    await dropFile(page, "notes.txt", "text/plain", new TextEncoder().encode("not an image"));
    await dialog.getByTestId("upload-file-problem").getByText("Please select an image file").waitFor();
    await dialog.locator("input[name=title]").fill("Dropped notes");
    await dialog.locator("select[name=categoryId] option:nth-child(2)").waitFor({ state: "attached" });
    await dialog.locator("select[name=categoryId]").selectOption({ index: 1 });
    await dialog.locator("select[name=aiGenerator]").selectOption("Kling");
    await dialog.locator("button[type=submit]").click();
    await page.getByText("Invalid file type").first().waitFor();
    assert.deepEqual(sent, [], "nothing was sent");

    // A 2-second clip: its frame shows, and the rules' duration is a warning (review rejects it), not a block.
    if (has("ffmpeg")) {
      await dropFile(page, "short.webm", "video/webm", await webm(2));
      assert.equal(await dialog.getByRole("tab", { name: "Video" }).getAttribute("aria-selected"), "true");
      await dialog.getByTestId("upload-preview").locator("video").waitFor();
      await dialog.getByTestId("upload-duration-advice").getByText(/This clip is 2 s long/).waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

e2e("own comments (390): a member deletes their comment on a media page; both counts follow", async () => {
  const owner = await createUser(db, { username: "cdel_owner" });
  const writer = await createUser(db, { username: "cdel_writer" });
  const item = await createMedia(db, { userId: owner.id, title: "Comment on me", commentCount: 2 });
  await db.insert(comments).values({ mediaId: item.id, userId: writer.id, username: writer.username, content: "Mine, to delete" });
  await db.insert(comments).values({ mediaId: item.id, userId: null, username: "Anonymous", content: "A visitor's" });
  const { context, page, errors } = await memberPage(writer.id, PHONE);
  await page.goto(`${server.url}/media/${mediaSlug(item.title, item.id)}`);
  await page.locator('[data-island="Comments"]').scrollIntoViewIfNeeded();
  await waitHydrated(page, "Comments");
  const list = page.getByTestId("comment-list");
  assert.equal(await list.getByRole("button", { name: "Delete" }).count(), 1, "only one's own comment shows Delete");
  await list.locator("li").filter({ hasText: "Mine, to delete" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this comment?" }).getByRole("button", { name: "Delete" }).click();
  await page.getByText("Comment deleted").waitFor();
  await list.getByText("Mine, to delete").waitFor({ state: "detached" });
  await page.getByRole("heading", { name: "Comments (1)" }).waitFor();
  assert.equal(await page.getByTestId("comment-count").textContent(), "1 comment");
  await screenshot(page, "walk-comment-deleted-390");
  assert.deepEqual(errors.filter((e) => !e.includes("404")), []);
  await context.close();
});
