import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { reports } from "../../db/schema/mod.ts";
import { mediaSlug } from "../../lib/media/slug.ts";
import { newKey } from "../../lib/media/storage.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitFocused, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";

// Every test here plays or shows media drawn by ffmpeg below.
const browser = needs(import.meta.url, "chromium", "ffmpeg") ? await launchBrowser() : null;
const server = await startServer({ RATE_COMMENTS_PER_USER: "1000", RATE_REPORTS_PER_USER: "1000" });
const { db, config } = server;

async function ffmpeg(args: string[]) {
  const out = await new Deno.Command("ffmpeg", { args: ["-y", "-loglevel", "error", ...args], stdout: "null", stderr: "piped" }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

mkdirSync(`${config.uploadsDir}/v`, { recursive: true });
mkdirSync(`${config.uploadsDir}/i`, { recursive: true });
const videoKey = newKey("v", "mp4");
const imageKey = newKey("i", "png");
if (browser) {
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x180:rate=15",
    "-t",
    "3",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    `${config.uploadsDir}/${videoKey}`,
  ]);
  await ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x180", "-frames:v", "1", `${config.uploadsDir}/${imageKey}`]);
}

const owner = await createUser(db, { username: "e2e_owner" });
const member = await createUser(db, { username: "e2e_liker" });
const video = await createMedia(db, {
  userId: owner.id,
  title: "Test pattern video",
  contentType: "video",
  fileKey: videoKey,
  duration: 3,
  prompt: "colour bars",
  description: "A tiny test video.",
});
const image = await createMedia(db, {
  userId: owner.id,
  title: "Test pattern image",
  contentType: "image",
  fileKey: imageKey,
  width: 320,
  height: 180,
});
const videoUrl = `${server.url}/media/${mediaSlug(video.title, video.id)}`;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

async function memberContext(): Promise<BrowserContext> {
  const ctx = await signedInContext(browser!, server.url, await loginCookie(db, member.id));
  return ctx;
}

const opts = { ignore: !browser, sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name: "[e2e] a member likes and unlikes; the state survives a reload",
  fn: async () => {
    const ctx = await memberContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(videoUrl);
    await waitHydrated(page, "LikeButton");
    const like = page.getByTestId("like-button");
    assert.equal(await like.getAttribute("aria-pressed"), "false");
    await like.click();
    await page.getByText("Content liked").waitFor();
    await page.waitForSelector('[data-testid="like-button"][aria-pressed="true"]');
    assert.equal(await page.getByTestId("like-count").textContent(), "1");
    await page.reload();
    await waitHydrated(page, "LikeButton");
    assert.equal(await like.getAttribute("aria-pressed"), "true");
    assert.equal(await page.getByTestId("like-count").textContent(), "1");
    await like.click();
    await page.getByText("Like removed").waitFor();
    await page.waitForSelector('[data-testid="like-button"][aria-pressed="false"]');
    await page.reload();
    await waitHydrated(page, "LikeButton");
    assert.equal(await like.getAttribute("aria-pressed"), "false");
    assert.equal(await page.getByTestId("like-count").textContent(), "0");
    await screenshot(page, "media-page-member");
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] a member whose session expired goes to /auth when Like answers 401",
  fn: async () => {
    const ctx = await memberContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(videoUrl);
    await waitHydrated(page, "LikeButton");
    assert.equal(await page.locator("#login-required").count(), 0, "a member's page has no login-required dialog");
    await ctx.clearCookies(); // the session is gone (a signed-in visitor of /auth would be sent home)
    await page.route(
      `**/api/videos/${video.id}/like`,
      (route) => route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"Authentication required"}' }),
    );
    await page.getByTestId("like-button").first().click();
    await page.waitForURL((u) => u.pathname === "/auth");
    assert.deepEqual(errors.filter((e) => !/401/.test(e)), []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] a visitor clicking Like sees the login-required dialog",
  fn: async () => {
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    await page.goto(videoUrl);
    await waitHydrated(page, "LikeButton");
    await page.getByTestId("like-button").click();
    await page.locator("#login-required").waitFor({ state: "visible" });
    assert.equal(await page.getByTestId("like-count").textContent(), "0");
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] a comment posted while the list refresh fails still says 'Comment added', shows it and counts it",
  fn: async () => {
    const item = await createMedia(db, { userId: owner.id, title: "Refresh fails", contentType: "image", fileKey: imageKey });
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/media/${item.id}`);
    await page.locator("#comment-text").scrollIntoViewIfNeeded();
    await waitHydrated(page, "Comments");
    assert.equal(await page.getByTestId("comment-count").textContent(), "0 comments");
    await page.route(
      `**/api/videos/${item.id}/comments`,
      (route) =>
        route.request().method() === "GET"
          ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' })
          : route.continue(),
    );
    await page.fill("#comment-text", "Saved anyway");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Comment added").waitFor();
    await page.getByTestId("comment-list").getByText("Saved anyway").waitFor();
    assert.equal(await page.getByText("Error adding comment").count(), 0);
    assert.equal(await page.getByTestId("comment-count").textContent(), "1 comment");
    await page.getByRole("heading", { name: "Comments (1)" }).waitFor();
    assert.deepEqual(errors.filter((e) => !/503/.test(e)), []);
    await page.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] a comment appears after posting and the box clears",
  fn: async () => {
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    await page.goto(videoUrl);
    await page.locator("#comment-text").scrollIntoViewIfNeeded();
    await waitHydrated(page, "Comments");
    const post = page.getByRole("button", { name: "Post", exact: true });
    assert.equal(await post.isDisabled(), true, "Post is disabled while the box is empty");
    await page.fill("#comment-text", "   ");
    assert.equal(await post.isDisabled(), true, "and while it is only whitespace");
    await page.fill("#comment-text", "Lovely colour bars");
    await post.click();
    await page.getByText("Comment added").waitFor();
    await page.getByTestId("comment-list").getByText("Lovely colour bars").waitFor();
    assert.match(await page.getByTestId("comment-list").textContent() ?? "", /Anonymous/);
    assert.equal(await page.inputValue("#comment-text"), "");
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] ?report=true opens the report dialog, drops the parameter, and a report is stored",
  fn: async () => {
    const ctx = await memberContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(`${videoUrl}?report=true`);
    await waitHydrated(page, "ReportButton");
    const dialog = page.getByRole("dialog", { name: "Report Content" });
    await dialog.waitFor({ state: "visible" });
    assert.equal(new URL(page.url()).search, "");
    const submit = dialog.getByRole("button", { name: "Submit Report" });
    assert.equal(await submit.isDisabled(), true, "submit is disabled until a reason is chosen");
    const hint = dialog.getByText("Please select a reason for reporting.");
    assert.equal(await hint.count(), 0, "no message before the visitor did anything (issue 13 point 14)");
    await submit.click({ force: true });
    await hint.waitFor();
    assert.equal(await page.getByText("Report Submitted").count(), 0, "nothing was sent");
    await dialog.getByLabel("Copyright Infringement").check();
    await hint.waitFor({ state: "detached" });
    await dialog.locator("textarea").fill("This is my work");
    await submit.click();
    await page.getByText("Report Submitted").waitFor();
    await page.getByText("Thank you for helping keep our platform safe.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    const rows = await db.select().from(reports).where(eq(reports.mediaId, video.id)).all();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].reason, "copyright");
    assert.equal(rows[0].details, "This is my work");
    assert.equal(rows[0].userId, member.id);
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] the image viewer opens on click and closes with Escape, the close button and the backdrop",
  fn: async () => {
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/media/${image.id}`);
    await waitHydrated(page, "MediaPlayer");
    const viewer = page.getByTestId("image-viewer");
    await page.getByTestId("media-image").click();
    await viewer.waitFor({ state: "visible" });
    await screenshot(page, "media-image-viewer");
    await waitFocused(viewer.getByRole("button", { name: "Close viewer" }), "focus to move into the viewer");
    await page.evaluate(() => {
      const w = globalThis as unknown as { outerEscapes: number };
      w.outerEscapes = 0;
      globalThis.addEventListener("keydown", (e) => e.key === "Escape" && w.outerEscapes++);
    });
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as { outerEscapes: number }).outerEscapes),
      0,
      "Escape stays in the viewer",
    );
    await waitFocused(page.getByRole("button", { name: `View ${image.title} full screen` }), "focus to return to the image");
    await page.getByTestId("media-image").click();
    await page.getByRole("button", { name: "Close viewer" }).click();
    await viewer.waitFor({ state: "detached" });
    await page.getByTestId("media-image").click();
    await viewer.click({ position: { x: 5, y: 5 } });
    await viewer.waitFor({ state: "detached" });
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] the video plays and seeking is served with 206 responses",
  fn: async () => {
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    const statuses: number[] = [];
    page.on("response", (r) => r.url().includes(`/uploads/${videoKey}`) && statuses.push(r.status()));
    await page.goto(videoUrl);
    await waitHydrated(page, "MediaPlayer");
    await page.evaluate(async () => {
      const v = document.querySelector("video")!;
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => document.querySelector("video")!.currentTime > 0.2);
    const before = statuses.length;
    await page.evaluate(() => {
      const v = document.querySelector("video")!;
      v.currentTime = 2.5;
    });
    await page.waitForFunction(() =>
      document.querySelector("video")!.currentTime >= 2.5 && document.querySelector("video")!.readyState >= 2
    );
    assert.ok(statuses.includes(206), `statuses: ${statuses.join(",")}`);
    assert.ok(statuses.length >= before);
    assert.deepEqual(errors, []);
    await page.close();
  },
});
