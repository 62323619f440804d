/**
 * Nothing left behind (issue 42 point 6): an item, or its member's account, deleted at each stage
 * of each job that writes files (a video's processing, an image's renditions, the images' background
 * pass) leaves no stored object and no temp file, on local disk and in a bucket (moto). Each stage is
 * hit twice, once by deleting the item and once the account. The job's runner says when a stage is
 * reached (lib/jobs/queue.ts `onStage`) and the run waits while the deletion goes through. The hash
 * pass writes no stored file: an item deleted while it is hashed must not keep hashes either.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { jobs, mediaHashes } from "../db/schema/mod.ts";
import type { JobRow } from "../db/queries/jobs.ts";
import { deleteAccount } from "../lib/auth/account_delete.ts";
import { HANDLERS } from "../lib/boot/jobs.ts";
import { enqueueJob } from "../lib/jobs/enqueue.ts";
import { JobRunner } from "../lib/jobs/queue.ts";
import { IMAGE_BACKFILL } from "../lib/media/image_backfill.ts";
import { HASH_BACKFILL } from "../lib/media/hash_backfill.ts";
import { IMAGE_RENDITIONS } from "../lib/media/image_job.ts";
import { VIDEO_PROCESS } from "../lib/media/process_job.ts";
import { storeFor } from "../lib/media/storage.ts";
import { categoryIds, json, makeTestEnv, signedInMember, type TestEnv, until } from "./_helpers.ts";
import { picturePng } from "./_image_fixtures.ts";
import { mp4, multipart } from "./_media_fixtures.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needs, needsMoto } from "./_needs.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");
const MOTO = needsMoto(import.meta.url, motoCommand());

type Case = { job: string; stages: string[] };
const IMAGE: Case = { job: IMAGE_RENDITIONS, stages: ["start", "encoded", "recorded", "moved", "committed"] };
const BACKFILL: Case = { job: IMAGE_BACKFILL, stages: ["encoded", "recorded", "moved", "committed"] };
const HASHES: Case = { job: HASH_BACKFILL, stages: ["start", "hashed"] };
const VIDEO: Case = { job: VIDEO_PROCESS, stages: ["start", "checked", "hashed", "encoded", "recorded", "moved", "committed"] };
/** Passes whose job names no item: the stage is theirs whatever item they are on. */
const PASSES = [IMAGE_BACKFILL, HASH_BACKFILL];

/** Every stored object, and every temp file (uploads/tmp on local disk in both modes). */
async function leftovers(env: TestEnv) {
  const keys: string[] = [];
  for await (const o of storeFor(env.config).list()) keys.push(o.key);
  const tmp = `${env.config.uploadsDir}/tmp`;
  const temps = existsSync(tmp) ? readdirSync(tmp) : [];
  return { keys, temps };
}

/** A member's item made through the API; for the background pass, its own renditions job is taken away (an image from before). */
async function newItem(env: TestEnv, c: Case, n: number) {
  const m = await signedInMember(env.db);
  const video = c.job === VIDEO_PROCESS;
  // Each upload its own picture or colour: a duplicate would be refused.
  const data = video ? await mp4(1, "160x120", (n * 17) % 360) : await picturePng(600, 400, n);
  const mp = multipart(video ? "c.mp4" : "p.png", video ? "video/mp4" : "image/png", data);
  const headers = { "content-type": mp.contentType };
  const up = await json(await env.request("/api/upload/file", { method: "POST", cookie: m.cookie, headers, body: mp.body }), 201);
  const [category] = await categoryIds(env.db);
  const kind = video ? "video" : "image";
  const item = await json(
    await env.request("/api/videos", {
      cookie: m.cookie,
      json: { title: `Stage ${n}`, contentType: kind, [`${kind}Url`]: up.url, categoryId: category.id, aiGenerator: "Runway" },
    }),
    201,
  );
  if (PASSES.includes(c.job)) {
    await env.db.delete(jobs).where(eq(jobs.mediaId, item.id));
    await env.db.delete(mediaHashes).where(eq(mediaHashes.mediaId, item.id));
    await enqueueJob(env.db, env.config, { kind: c.job, payload: { afterId: 0, videos: false } });
  }
  return { member: m, id: item.id as number };
}

/** One run: the item's job reaches `stage`, the item (or account) is deleted, the run ends; nothing may remain. */
async function deleteAt(env: TestEnv, c: Case, stage: string, how: "item" | "account", n: number) {
  const { member, id } = await newItem(env, c, n);
  let reached = false;
  let deleted = false;
  const mine = (job: JobRow) => job.kind === c.job && (PASSES.includes(c.job) || job.mediaId === id);
  const runner = new JobRunner(env.db, env.config, HANDLERS, {
    onStage: async (job, s) => {
      if (reached || !mine(job) || s !== stage) return;
      reached = true;
      assert.ok((await leftovers(env)).keys.length > 0, "the item's files are there before the deletion");
      if (how === "item") {
        assert.equal((await env.request(`/api/videos/${id}`, { method: "DELETE", cookie: member.cookie })).status, 200);
      } else {
        await deleteAccount(env.db, env.config, { ...member, isAdmin: false } as Parameters<typeof deleteAccount>[2]);
      }
      deleted = true;
    },
  }).start();
  try {
    await until(() => deleted, 120_000, `${c.job} to reach ${stage}`);
    await until(() => runner.busy === 0, 120_000, "the run to end");
  } finally {
    await runner.stop();
  }
  // Whatever is still queued (the pass's next batch, a follower notice) is not ours: those rows go.
  await env.db.delete(jobs);
  const left = await leftovers(env);
  assert.deepEqual(left, { keys: [], temps: [] }, `${c.job}: deleting the ${how} at "${stage}" left files behind`);
  assert.deepEqual(await env.db.select().from(mediaHashes).where(eq(mediaHashes.mediaId, id)).all(), [], "nor its hashes");
}

/**
 * Each stage of each case, the item deleted and then the account; a video's stages (seconds of
 * ffmpeg each) once, by item and account in turn, starting with `videoFirst` (the other backend
 * starts with the other, so each stage sees both).
 */
async function suite(t: Deno.TestContext, env: TestEnv, cases: Case[], videoFirst: "item" | "account" = "item") {
  let n = 0;
  for (const c of cases) {
    for (const [i, stage] of c.stages.entries()) {
      const hows = c.job !== VIDEO_PROCESS
        ? (["item", "account"] as const)
        : [(i % 2 === 0) === (videoFirst === "item") ? "item" as const : "account" as const];
      for (const how of hows) {
        await t.step(`${c.job}: ${how} deleted at "${stage}"`, () => deleteAt(env, c, stage, how, ++n));
      }
    }
  }
}

Deno.test("[storage] local disk: deleting an item or account at any stage of an image's jobs leaves no file", async (t) => {
  await using env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "1000" });
  await suite(t, env, [IMAGE, BACKFILL, HASHES]);
});

Deno.test({
  name: "[storage] local disk: deleting a video or its account at any stage of its processing leaves no file",
  ignore: !FFMPEG,
  fn: async (t) => {
    await using env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "1000" });
    await suite(t, env, [VIDEO]);
  },
});

Deno.test({
  name: "[storage] S3 (moto): deleting at any stage of any job leaves nothing in the bucket (the WebP left by an account deletion)",
  ignore: !MOTO || !FFMPEG,
  fn: async (t) => {
    const moto = await startMoto();
    try {
      await using env = await makeTestEnv({ ...moto.env, RATE_UPLOADS_PER_USER: "1000" });
      // A video's stages where the bucket is written (the others write only local temp files, covered above).
      const videoInBucket = { ...VIDEO, stages: ["recorded", "moved", "committed"] };
      await suite(t, env, [IMAGE, BACKFILL, HASHES, videoInBucket], "account");
    } finally {
      await moto.close();
    }
  },
});
