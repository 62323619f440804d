/**
 * Issue 31 point 4, the queue's side: a video past MAX_VIDEO_SECONDS or MAX_VIDEO_PIXELS that
 * reached the job queue without the upload's check (an item from before the limits, or uploaded
 * while ffmpeg was missing) fails at once with the reason its owner reads, never ends as a trimmed
 * "ready" item, and another member's clip queued behind it is processed on time. Before the fix
 * the first of them, whose headers say 1 s, made the transcode fill 36,000 s of frames.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { writeTx } from "../db/client.ts";
import { media } from "../db/schema/mod.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { queueVideoProcessing } from "../lib/media/process_job.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { hugeFrameMp4, lyingLongMp4 } from "./_hostile_files.ts";
import { multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { h264, makeVideo } from "./_video_sources.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

Deno.test("[hostile] a long or huge video in the queue fails at once with why; the clip queued behind it is processed", {
  ignore: !FFMPEG,
}, async () => {
  await using env = await makeTestEnv();
  const { db, config } = env;
  const alice = await createUser(db);
  const bob = await createUser(db);
  await mkdir(`${config.uploadsDir}/v`, { recursive: true });
  const queued = async (userId: number, bytes: Uint8Array, title: string) => {
    const fileKey = `v/${randomBytes(16).toString("hex")}.mp4`;
    await writeFile(`${config.uploadsDir}/${fileKey}`, bytes);
    // As an upload made while ffmpeg was missing would be, but waiting for its renditions (not playable).
    const item = await createMedia(db, { userId, contentType: "video", fileKey, title, reviewStatus: "approved", playable: false });
    await writeTx(db, (tx) => queueVideoProcessing(tx, config, item.id));
    return item.id;
  };
  const long = await queued(alice.id, await lyingLongMp4(), "Three frames, then one at ten hours");
  const huge = await queued(alice.id, await hugeFrameMp4(), "Frames of 16,000x16,000");
  const clip = await queued(bob.id, await makeVideo(h264("160x120", 2)), "Bob's clip");
  const row = async (id: number) => (await db.select().from(media).where(eq(media.id, id)).get())!;

  const runtime = await startJobs(db, config);
  try {
    // Owners take turns (decision 040): Bob's clip goes between Alice's two, so each is waited for.
    await until(async () => (await row(clip)).processingState === "ready", 60_000, "Bob's clip, queued behind them, to be ready");
    await until(async () => (await row(huge)).processingState === "failed", 60_000, "Alice's second file to fail");
    for (
      const [id, reason] of [[long, /^The video is too long: at most 15 minutes$/], [huge, /^The video's frames are too large/]] as const
    ) {
      const r = await row(id);
      assert.equal(r.processingState, "failed", `item ${id}`);
      assert.match(r.processingError ?? "", reason);
      assert.equal(r.sources, "[]", "no rendition was kept: never a trimmed ready item");
      assert.equal(r.playable, false);
    }
    assert.notEqual((await row(clip)).sources, "[]");
  } finally {
    await runtime.stop();
  }
});

Deno.test("[hostile] MAX_VIDEO_SECONDS and MAX_VIDEO_PIXELS are the operator's; past 120 frames a second on average is refused", {
  ignore: !FFMPEG,
}, async () => {
  await using env = await makeTestEnv({ MAX_VIDEO_SECONDS: "2", MAX_VIDEO_PIXELS: String(320 * 240), RATE_UPLOADS_PER_USER: "100" });
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const upload = async (bytes: Uint8Array) => {
    const mp = multipart("clip.mp4", "video/mp4", bytes);
    return await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body });
  };
  await errorOf(await upload(await makeVideo(h264("160x120", 3))), 422, "The video is too long: at most 2 seconds");
  await errorOf(
    await upload(await makeVideo(h264("640x480", 1))),
    422,
    "The video's frames are too large: at most 0.1 megapixels a frame (this one is 640x480)",
  );
  await errorOf(await upload(await makeVideo(h264("64x48", 1, 250))), 422, "The video has too many frames: at most 240");
  await json(await upload(await makeVideo(h264("320x240", 2))), 201);
});
