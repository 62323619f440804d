/**
 * The fair job queue end to end (issue 42 point 2, decision 040): member A's still 4K clip, a long
 * transcode, is queued and running first; member B's 2 s clip, queued after it, is ready while A's
 * is still being made (the lane kept for short jobs), through the real upload, create and job runner.
 * The limits are scaled so the test stays short: A's clip is long past SHORT_JOB_MAX_WORK, B's short.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs, media } from "../db/schema/mod.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { json, makeTestEnv, signedInMember, type TestEnv, until } from "./_helpers.ts";
import { stillClip } from "./_hostile_files.ts";
import { mp4, multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

async function publish(env: TestEnv, cookie: string, bytes: Uint8Array, title: string): Promise<number> {
  const mp = multipart("clip.mp4", "video/mp4", bytes);
  const headers = { "content-type": mp.contentType };
  const up = await json(await env.request("/api/upload/file", { method: "POST", cookie, headers, body: mp.body }), 201);
  const item = await json(
    await env.request("/api/videos", {
      cookie,
      json: { title, contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" },
    }),
    201,
  );
  return item.id;
}

const itemOf = (env: TestEnv, id: number) => env.db.select().from(media).where(eq(media.id, id)).get();
const jobOf = (env: TestEnv, id: number) => env.db.select().from(jobs).where(eq(jobs.mediaId, id)).get();

Deno.test({
  name: "[jobs] a still 4K clip queued first by one member does not hold another's 2 s clip: that one is ready first",
  ignore: !FFMPEG,
  fn: async () => {
    await using env = await makeTestEnv({ SHORT_JOB_MAX_WORK: "1000000", JOB_CONCURRENCY: "1", FFMPEG_THREADS: "1" });
    const a = await signedInMember(env.db);
    const b = await signedInMember(env.db);
    const longId = await publish(env, a.cookie, await stillClip(4, 30), "A still 4K clip");
    const shortClip = await mp4(2, "160x120");
    const longJob = await jobOf(env, longId);
    assert.ok(longJob!.cost! > env.config.jobs.shortMaxWork, `A's clip is a long job (${longJob!.cost})`);
    const runtime = await startJobs(env.db, env.config);
    try {
      await until(async () => (await jobOf(env, longId))?.state === "running", 60_000, "A's transcode to start");
      const shortId = await publish(env, b.cookie, shortClip, "B's short clip");
      const shortJob = await jobOf(env, shortId);
      assert.ok(shortJob!.cost! <= env.config.jobs.shortMaxWork, "B's clip is a short job");
      await until(async () => (await itemOf(env, shortId))?.processingState === "ready", 180_000, "B's clip to be ready");
      const long = await itemOf(env, longId);
      assert.equal(long?.processingState, "processing", "A's transcode is still running when B's clip is ready");
      assert.equal((await jobOf(env, longId))?.state, "running");
      const [claimedA, claimedB] = [(await jobOf(env, longId))!.claimSeq!, (await jobOf(env, shortId))!.claimSeq!];
      assert.ok(claimedB > claimedA, "B's job was claimed after A's started: beside it, not before it");
      assert.equal((await itemOf(env, shortId))?.playable, true);
      // A's transcode is not waited for: deleting the item stops it.
      await json(await env.request(`/api/videos/${longId}`, { method: "DELETE", cookie: a.cookie }));
      await until(() => runtime.runner.busy === 0, 60_000, "A's cancelled run to end");
    } finally {
      await runtime.stop();
    }
  },
});
