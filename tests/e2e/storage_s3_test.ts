/**
 * STORAGE=s3 in a real browser (issue 22): the media page's player and images load through the
 * redirect to the bucket (s3rver on loopback), allowed by the page's CSP, and seeking works
 * because the player sends its Range requests to the bucket.
 */
import assert from "node:assert/strict";
import { mediaSlug } from "../../lib/media/slug.ts";
import { newKey } from "../../lib/media/storage.ts";
import { storeFor } from "../../lib/storage/store.ts";
import { createMedia, createUser, startServer, tempDir } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { startS3 } from "../_s3.ts";
import { collectErrors, launchBrowser, screenshot } from "./_browser.ts";

const browser = needs(import.meta.url, "chromium", "ffmpeg") ? await launchBrowser() : null;
const s3 = await startS3();
const server = await startServer(s3.env);
const { db, config } = server;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
  await s3.close();
});

async function ffmpeg(args: string[]) {
  const out = await new Deno.Command("ffmpeg", { args: ["-y", "-loglevel", "error", ...args], stdout: "null", stderr: "piped" }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

Deno.test({
  name: "[e2e] s3: a public video plays and seeks from the bucket, its image shows, no CSP error",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = tempDir();
    await ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=320x180:rate=15",
      "-t",
      "6",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      `${dir}/v.mp4`,
    ]);
    await ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x180", "-frames:v", "1", `${dir}/i.png`]);
    const [videoKey, imageKey] = [newKey("v", "mp4"), newKey("i", "png")];
    await storeFor(config).copyIn(`${dir}/v.mp4`, videoKey);
    await storeFor(config).copyIn(`${dir}/i.png`, imageKey);
    const owner = await createUser(db);
    const video = await createMedia(db, { userId: owner.id, title: "Bucket video", contentType: "video", fileKey: videoKey, duration: 6 });
    const image = await createMedia(db, {
      userId: owner.id,
      title: "Bucket image",
      contentType: "image",
      fileKey: imageKey,
      width: 320,
      height: 180,
    });

    const page = await browser!.newPage();
    const errors = collectErrors(page);
    const fromBucket: string[] = [];
    page.on("response", (r) => r.url().startsWith(s3.endpoint) && fromBucket.push(`${r.status()} ${r.request().method()}`));
    await page.goto(`${server.url}/media/${mediaSlug(video.title, video.id)}`);
    const played = await page.evaluate(async () => {
      const v = document.querySelector("video")!;
      v.muted = true;
      await v.play();
      await new Promise((r) => v.addEventListener("timeupdate", r, { once: true }));
      v.currentTime = 4;
      await new Promise((r) => v.addEventListener("seeked", r, { once: true }));
      return { time: v.currentTime, duration: v.duration };
    });
    assert.ok(played.time >= 3.9 && Math.round(played.duration) === 6, JSON.stringify(played));
    assert.ok(fromBucket.length > 0, "the player fetched from the bucket");
    await screenshot(page, "s3-media-video");

    await page.goto(`${server.url}/media/${mediaSlug(image.title, image.id)}`);
    const width = await page.evaluate(async () => {
      const img = [...document.querySelectorAll("img")].find((i) => i.src.includes("/uploads/i/"))!;
      if (!img.complete) await new Promise((r) => img.addEventListener("load", r, { once: true }));
      return img.naturalWidth;
    });
    assert.equal(width, 320);
    assert.deepEqual(errors, []);
    await page.close();
  },
});
