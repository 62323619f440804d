/**
 * Issue 26 §2: the oEmbed `html` pasted into a page of another origin (a second tiny server on
 * another loopback host and port) shows our player, and the video plays there.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { mediaSlug } from "../../lib/media/slug.ts";
import { newKey } from "../../lib/media/storage.ts";
import { createMedia, createUser, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser } from "./_browser.ts";
import { needs } from "../_needs.ts";

const ok = needs(import.meta.url, "chromium", "ffmpeg");
const browser = ok ? await launchBrowser() : null;

/** SITE_URL must be the address the server answers on, since oEmbed gives absolute URLs: take a free port first. */
function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}
const port = freePort();
const server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
const { db, config } = server;

mkdirSync(`${config.uploadsDir}/v`, { recursive: true });
const videoKey = newKey("v", "mp4");
if (ok) {
  const out = await new Deno.Command("ffmpeg", {
    args: [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15", "-t", "4"],
      ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", `${config.uploadsDir}/${videoKey}`],
    ],
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}
const owner = await createUser(db, { username: "embed_owner" });
const video = await createMedia(db, {
  userId: owner.id,
  title: "Embedded pattern",
  contentType: "video",
  fileKey: videoKey,
  width: 320,
  height: 180,
});

// The other site: it knows nothing of ours but the oEmbed answer it fetched.
let hostHtml = "";
const host = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  () =>
    new Response(`<!doctype html><html><head><title>Another site</title></head><body><h1>A blog post</h1>${hostHtml}</body></html>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    }),
);
// "localhost" and another port: another origin (and another site) than 127.0.0.1:port.
const hostUrl = `http://localhost:${host.addr.port}/post`;

Deno.test.afterAll(async () => {
  await browser?.close();
  await host.shutdown();
  await server.shutdown();
});

Deno.test({
  name: "[e2e] the oEmbed html plays our video inside a page of another origin",
  ignore: !ok,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const pageUrl = `${server.url}/media/${mediaSlug(video.title, video.id)}`;
    const res = await fetch(`${server.url}/oembed?url=${encodeURIComponent(pageUrl)}&format=json&maxwidth=480`);
    assert.equal(res.status, 200);
    const oembed = await res.json();
    assert.equal(oembed.type, "video");
    assert.deepEqual([oembed.width, oembed.height], [320, 180]);
    hostHtml = oembed.html;

    // A fresh context: no age cookie, no session, as a reader of another site arrives.
    const context = await browser!.newContext({ viewport: { width: 800, height: 600 } });
    await context.clearCookies();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(hostUrl);
    const frameEl = await page.waitForSelector("iframe");
    const frame = await frameEl.contentFrame();
    assert.ok(frame, "the iframe loaded a document");
    await frame.waitForSelector("video", { timeout: 10_000 });
    assert.equal(new URL(frame.url()).origin, server.url);
    assert.notEqual(new URL(page.url()).origin, server.url);
    const box = await frameEl.boundingBox();
    assert.deepEqual([Math.round(box!.width), Math.round(box!.height)], [320, 180]);
    await frame.evaluate(async () => {
      const v = document.querySelector("video")!;
      v.muted = true;
      await v.play();
    });
    await frame.waitForFunction(() => document.querySelector("video")!.currentTime > 0.5, undefined, { timeout: 15_000 });
    const played = await frame.evaluate(() => ({
      t: document.querySelector("video")!.currentTime,
      err: document.querySelector("video")!.error,
    }));
    assert.ok(played.t > 0.5, `currentTime ${played.t}`);
    assert.equal(played.err, null);
    assert.deepEqual(errors, []);
    await context.close();
  },
});
