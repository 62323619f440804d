/**
 * Processing as the people who wait for it see it: the owner's and admins' item JSON carries
 * `processing`, a failed job says why, an admin can queue it again (and the bad inputs of that
 * endpoint), and existing videos without renditions are queued at start while staying public.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { jobs, media, mediaFiles } from "../db/schema/mod.ts";
import { deleteAccount } from "../lib/auth/account_delete.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { h264, makeVideo, SOURCES } from "./_video_sources.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

Deno.test("[api] a failed processing says why to owner and admin; an admin queues it again and it becomes ready", {
  ignore: !FFMPEG,
}, async () => {
  await using env = await makeTestEnv({ JOB_RETRY_SECONDS: "1", JOB_MAX_ATTEMPTS: "1" });
  const { request, db, config } = env;
  const member = await createUser(db);
  const cookie = await loginCookie(db, member.id);
  const admin = await createUser(db, { isAdmin: true });
  const adminCookie = await loginCookie(db, admin.id);
  const bytes = await makeVideo(SOURCES.prores);
  const mp = multipart("edit.mov", "video/quicktime", bytes);
  const up = await json(
    await request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  const created = await json(
    await request("/api/videos", {
      cookie,
      json: { title: "Edit", contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" },
    }),
    201,
  );
  const id = created.id;
  // The original goes missing before the job runs: it cannot be decoded, for good.
  const original = `${config.uploadsDir}/${up.url.replace("/uploads/", "")}`;
  await Deno.rename(original, `${original}.aside`);
  const runtime = await startJobs(db, config);
  try {
    await until(async () => (await json(await request(`/api/videos/${id}`, { cookie }))).processing.state === "failed");
    const mine = await json(await request(`/api/videos/${id}`, { cookie }));
    assert.equal(mine.processing.error, "The video could not be decoded. Please upload a valid video file.");
    const pending = await json(await request("/api/admin/content/pending", { cookie: adminCookie }));
    assert.equal(pending.find((i: { id: number }) => i.id === id).processing.state, "failed");

    // Bad inputs of the retry.
    await errorOf(await request(`/api/admin/content/${id}/reprocess`, { method: "POST" }), 401);
    await errorOf(await request(`/api/admin/content/${id}/reprocess`, { method: "POST", cookie }), 403);
    await errorOf(await request(`/api/admin/content/abc/reprocess`, { method: "POST", cookie: adminCookie }), 400);
    await errorOf(await request(`/api/admin/content/999999/reprocess`, { method: "POST", cookie: adminCookie }), 404, "Content not found");
    const image = await createMedia(db, { userId: member.id, contentType: "image" });
    await errorOf(await request(`/api/admin/content/${image.id}/reprocess`, { method: "POST", cookie: adminCookie }), 409);

    await Deno.rename(`${original}.aside`, original);
    const again = await json(await request(`/api/admin/content/${id}/reprocess`, { method: "POST", cookie: adminCookie }));
    assert.deepEqual(again.processing, { state: "queued", progress: 0 });
    const twice = await request(`/api/admin/content/${id}/reprocess`, { method: "POST", cookie: adminCookie });
    if (twice.status !== 409) assert.equal(twice.status, 200); // only when the first retry already finished
    await until(async () => (await json(await request(`/api/videos/${id}`, { cookie }))).processing.state === "ready");
    const ready = await json(await request(`/api/videos/${id}`, { cookie }));
    assert.equal(ready.processing.error, undefined);
    assert.equal(ready.sources.length, 1);
  } finally {
    await runtime.stop();
  }
});

Deno.test("[api] at start, videos without renditions are queued; a public one stays public meanwhile", { ignore: !FFMPEG }, async () => {
  await using env = await makeTestEnv();
  const { request, db, config } = env;
  const member = await createUser(db);
  const old = await createMedia(db, { userId: member.id, contentType: "video", fileKey: "v/0123456789abcdef0123456789abcdef.mp4" });
  const image = await createMedia(db, { userId: member.id, contentType: "image" });
  const runtime = await startJobs(db, config, {}); // no handlers: nothing runs, the queue is only filled
  try {
    const queued = await db.select().from(jobs);
    assert.deepEqual(queued.map((j) => [j.kind, j.mediaId, j.state]), [["video.process", old.id, "queued"]]);
    const row = await db.select().from(media).where(eq(media.id, old.id)).get();
    assert.equal(row!.processingState, "queued");
    assert.equal(row!.playable, true);
    const item = await json(await request(`/api/videos/${old.id}`));
    assert.equal(item.videoUrl, `/uploads/${old.fileKey}`, "plays its original until renditions are ready");
    assert.equal(item.processing, undefined);
    assert.deepEqual(item.sources, []);
    assert.notEqual(image.id, undefined);
  } finally {
    await runtime.stop();
  }
  // A second start queues nothing more.
  const again = await startJobs(db, config, {});
  await again.stop();
  assert.equal((await db.select().from(jobs)).length, 1);
});

Deno.test("[api] deleting a video while it is transcoded stops the job and leaves no file behind", { ignore: !FFMPEG }, async () => {
  await using env = await makeTestEnv({ JOB_LEASE_SECONDS: "1", FFMPEG_THREADS: "1" });
  const { request, db, config } = env;
  const member = await createUser(db);
  const cookie = await loginCookie(db, member.id);
  const bytes = await makeVideo(h264("854x480", 12, 25));
  const mp = multipart("long.mp4", "video/mp4", bytes);
  const up = await json(
    await request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  const { id } = await json(
    await request("/api/videos", {
      cookie,
      json: { title: "Long", contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" },
    }),
    201,
  );
  const runtime = await startJobs(db, config);
  try {
    await until(async () => {
      const row = await db.select().from(media).where(eq(media.id, id)).get();
      return row!.processingState === "processing" && row!.processingProgress > 0;
    });
    await json(await request(`/api/videos/${id}`, { method: "DELETE", cookie }));
    await until(() => Promise.resolve(runtime.runner.busy === 0));
    await new Promise((r) => setTimeout(r, 200));
    const left = readdirSync(config.uploadsDir, { recursive: true }).map(String)
      .filter((p) => !Deno.statSync(`${config.uploadsDir}/${p}`).isDirectory);
    assert.deepEqual(left, [], "no original, rendition, preview, poster or temp file");
    assert.equal((await db.select().from(jobs)).length, 0, "the job went with the item");
  } finally {
    await runtime.stop();
  }
});

Deno.test("[api] deleting an account removes its videos' renditions, previews, posters and a dead run's outputs", async () => {
  await using env = await makeTestEnv();
  const { db, config } = env;
  const member = await createUser(db);
  const keys = [
    "v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.mp4",
    "v/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.mp4",
    "p/cccccccccccccccccccccccccccccccc.mp4",
  ];
  const posters = ["t/dddddddddddddddddddddddddddddddd.webp", "t/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.webp"];
  const deadRun = "v/ffffffffffffffffffffffffffffffff.mp4";
  for (const dir of ["v", "p", "t"]) await Deno.mkdir(`${config.uploadsDir}/${dir}`, { recursive: true });
  for (const k of [...keys, ...posters, deadRun]) await Deno.writeTextFile(`${config.uploadsDir}/${k}`, "x");
  const item = await createMedia(db, { userId: member.id, contentType: "video", fileKey: keys[0], thumbnailKey: posters[0] });
  await db.insert(mediaFiles).values([
    { key: keys[1], mediaId: item.id, role: "rendition", height: 480, bytes: 1, createdAt: 1 },
    { key: keys[2], mediaId: item.id, role: "preview", height: null, bytes: 1, createdAt: 1 },
    { key: posters[0], mediaId: item.id, role: "poster", height: null, bytes: 1, createdAt: 1 },
    { key: posters[1], mediaId: item.id, role: "poster2x", height: null, bytes: 1, createdAt: 1 },
  ]);
  await db.insert(jobs).values({
    kind: "video.process",
    mediaId: item.id,
    state: "running",
    runAfter: 0,
    outputs: JSON.stringify([deadRun]),
    createdAt: 0,
    updatedAt: 0,
  });
  await deleteAccount(db, config, { ...member, isAdmin: false } as Parameters<typeof deleteAccount>[2]);
  const left = readdirSync(config.uploadsDir, { recursive: true }).map(String)
    .filter((p) => !Deno.statSync(`${config.uploadsDir}/${p}`).isDirectory);
  assert.deepEqual(left, []);
  assert.equal((await db.select().from(mediaFiles)).length, 0);
  assert.equal((await db.select().from(jobs)).length, 0);
});
