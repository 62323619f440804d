/**
 * Issue 42 points 2 and 4 at the API: a video's work (output frames x pixels, from the probe) is
 * judged against MAX_VIDEO_WORK and the member's MAX_VIDEO_WORK_PER_DAY; an image is refused from
 * its header (a side over 16,383, sides past 1:100) before decoding; a failed create spends its
 * upload (another create from it: 410).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { jobs, media, uploads, videoWorkLog } from "../db/schema/mod.ts";
import { insertUpload } from "../db/queries/uploads.ts";
import { UPLOAD_MSG } from "../common/upload_rules.ts";
import { IMAGE_RATIO_TOO_LARGE, IMAGE_SIDE_TOO_LONG, IMAGE_UNDECODABLE } from "../lib/media/media_process.ts";
import { videoBudgetUsed, videoTooMuchWork, videoWork } from "../lib/media/video_check.ts";
import { categoryIds, createUser, errorOf, json, loginCookie, makeTestEnv, testConfig } from "./_helpers.ts";
import { blackPng } from "./_hostile_files.ts";
import { mp4, multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");
/** The fixture clips: 10 frames a second (tests/_media_fixtures.ts mp4). */
const FPS = 10;
const small = { seconds: 2, width: 160, height: 120 };
const smallWork = small.seconds * FPS * small.width * small.height;
// Scaled so tiny clips meet the limits: a small clip fits, two a day fit, a 4 s 320x240 one is too much.
const env = await makeTestEnv({
  MAX_VIDEO_WORK: String(smallWork * 3),
  MAX_VIDEO_WORK_PER_DAY: String(Math.floor(smallWork * 2.5)),
  RATE_UPLOADS_PER_USER: "1000",
});
const { request, db, config } = env;
const [category] = await categoryIds(db);
Deno.test.afterAll(() => env.close());

async function member() {
  const user = await createUser(db);
  return { user, cookie: await loginCookie(db, user.id) };
}

function upload(cookie: string, filename: string, type: string, data: Uint8Array) {
  const mp = multipart(filename, type, data);
  return request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body });
}

function create(cookie: string, kind: "video" | "image", url: string) {
  return request("/api/videos", {
    cookie,
    json: { title: `A ${kind} of work`, contentType: kind, [`${kind}Url`]: url, categoryId: category.id, aiGenerator: "Runway" },
  });
}

const uploadRow = (key: string) => db.select().from(uploads).where(eq(uploads.fileKey, key)).get();
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const onDisk = (key: string) => existsSync(`${config.uploadsDir}/${key}`);

/** An upload row and file as one from before a rule would have left them (its checks at upload never ran). */
async function oldUpload(userId: number, kind: "video" | "image", bytes: Uint8Array) {
  const key = `${kind === "video" ? "v" : "i"}/${randomBytes(16).toString("hex")}.${kind === "video" ? "mp4" : "png"}`;
  await mkdir(`${config.uploadsDir}/${key.split("/")[0]}`, { recursive: true });
  await writeFile(`${config.uploadsDir}/${key}`, bytes);
  const mime = kind === "video" ? "video/mp4" : "image/png";
  await insertUpload(db, { userId, fileKey: key, kind, mime, size: bytes.length, sha256: randomBytes(32).toString("hex") });
  return key;
}

/** The second create from a spent upload: 410 at once, the upload's row marked, its file gone. */
async function assertSpent(cookie: string, kind: "video" | "image", key: string) {
  assert.ok((await uploadRow(key))?.refusedAt, "the refused create spent its upload");
  assert.equal(onDisk(key), false, "the spent upload's file is removed");
  await errorOf(await create(cookie, kind, `/uploads/${key}`), 410, UPLOAD_MSG.spent);
  assert.equal((await db.select().from(media).all()).filter((m) => m.fileKey === key).length, 0);
}

Deno.test("[api] the probe's clip (a still 4K video of 882 s at 60 fps) is past MAX_VIDEO_WORK's default; 10 minutes of 1080p60 is not", () => {
  const defaults = testConfig();
  const probe = { duration: 882, longest: 882, fps: 60, width: 3840, height: 2160 };
  assert.ok(videoWork(defaults, probe) > defaults.upload.maxVideoWork);
  assert.equal(videoWork(defaults, { duration: 600, longest: 600, fps: 60, width: 1920, height: 1080 }), defaults.upload.maxVideoWork);
  // A frame rate above 60 counts as the 60 the renditions keep; an unknown one as 60 too.
  assert.equal(videoWork(defaults, { ...probe, fps: 240 }), videoWork(defaults, probe));
  assert.equal(videoWork(defaults, { ...probe, fps: null }), videoWork(defaults, probe));
  assert.match(videoTooMuchWork(defaults), /MAX_VIDEO_WORK\b.*10 minutes of 1080p60 video/);
  assert.match(videoBudgetUsed(defaults), /MAX_VIDEO_WORK_PER_DAY: 60 minutes of 1080p60 video in 24 hours/);
});

Deno.test({
  name: "[api] a video past MAX_VIDEO_WORK is refused (422 naming it) at upload, and at create for an upload from before",
  ignore: !FFMPEG,
  fn: async () => {
    const { user, cookie } = await member();
    const big = await mp4(4, "320x240");
    await errorOf(await upload(cookie, "big.mp4", "video/mp4", big), 422, videoTooMuchWork(config));
    assert.equal((await db.select().from(uploads).where(eq(uploads.userId, user.id)).all()).length, 0);

    const key = await oldUpload(user.id, "video", big);
    await errorOf(await create(cookie, "video", `/uploads/${key}`), 422, videoTooMuchWork(config));
    await assertSpent(cookie, "video", key);
    assert.equal((await db.select().from(videoWorkLog).where(eq(videoWorkLog.userId, user.id)).all()).length, 0);
  },
});

Deno.test({
  name: "[api] a member's daily work: past MAX_VIDEO_WORK_PER_DAY a create answers 422 naming it; deleting does not give it back",
  ignore: !FFMPEG,
  fn: async () => {
    const { user, cookie } = await member();
    const clip = (hue: number) => mp4(small.seconds, `${small.width}x${small.height}`, hue);
    const ids: number[] = [];
    for (const hue of [10, 20]) {
      const up = await json(await upload(cookie, `c${hue}.mp4`, "video/mp4", await clip(hue)), 201);
      assert.equal((await uploadRow(keyOf(up.url)))?.videoWork, smallWork, "the probe's work is kept on the upload");
      const item = await json(await create(cookie, "video", up.url), 201);
      ids.push(item.id);
      const row = await db.select().from(media).where(eq(media.id, item.id)).get();
      assert.equal(row?.videoWork, smallWork);
      const job = await db.select().from(jobs).where(eq(jobs.mediaId, item.id)).get();
      assert.equal(job?.cost, smallWork, "the job carries its known cost");
      assert.equal(job?.userId, user.id, "and its owner");
    }
    const ledger = await db.select().from(videoWorkLog).where(eq(videoWorkLog.userId, user.id)).all();
    assert.deepEqual(ledger.map((l) => l.work), [smallWork, smallWork]);

    const third = await json(await upload(cookie, "c30.mp4", "video/mp4", await clip(30)), 201);
    await errorOf(await create(cookie, "video", third.url), 422, videoBudgetUsed(config));
    await assertSpent(cookie, "video", keyOf(third.url));

    assert.equal((await request(`/api/videos/${ids[0]}`, { method: "DELETE", cookie })).status, 200);
    const fourth = await json(await upload(cookie, "c40.mp4", "video/mp4", await clip(40)), 201);
    await errorOf(await create(cookie, "video", fourth.url), 422, videoBudgetUsed(config));
    assert.equal((await db.select().from(videoWorkLog).where(eq(videoWorkLog.userId, user.id)).all()).length, 2);

    // Another member's budget is their own.
    const other = await member();
    const theirs = await json(await upload(other.cookie, "o.mp4", "video/mp4", await clip(50)), 201);
    await json(await create(other.cookie, "video", theirs.url), 201);
  },
});

Deno.test("[api] the probe's tall and thin PNGs are refused from their header at upload (422 naming the limit)", async () => {
  const { user, cookie } = await member();
  for (
    const [w, h, message] of [[600, 80_000, IMAGE_SIDE_TOO_LONG], [1, 50_000_000, IMAGE_SIDE_TOO_LONG], [
      20,
      2_100,
      IMAGE_RATIO_TOO_LARGE,
    ]] as const
  ) {
    const png = blackPng(w, h);
    await errorOf(await upload(cookie, "t.png", "image/png", png), 422, message);
  }
  assert.equal((await db.select().from(uploads).where(eq(uploads.userId, user.id)).all()).length, 0);
  // At 1:100 exactly it is taken.
  await json(await upload(cookie, "ok.png", "image/png", blackPng(20, 2_000)), 201);
});

Deno.test("[api] a create from an upload the header rule never saw answers 422, never 500, and spends the upload (then 410)", async () => {
  const { user, cookie } = await member();
  const key = await oldUpload(user.id, "image", blackPng(600, 80_000));
  await errorOf(await create(cookie, "image", `/uploads/${key}`), 422, IMAGE_SIDE_TOO_LONG);
  await assertSpent(cookie, "image", key);
  const thin = await oldUpload(user.id, "image", blackPng(1, 50_000_000));
  await errorOf(await create(cookie, "image", `/uploads/${thin}`), 422, IMAGE_SIDE_TOO_LONG);
  await assertSpent(cookie, "image", thin);
  // No thumbnail or other file was left by the refusals.
  assert.equal((await db.select().from(media).where(eq(media.userId, user.id)).all()).length, 0);
});

Deno.test("[api] a create that fails on the file's content spends its upload: the same upload again answers 410 at once", async () => {
  const { cookie } = await member();
  // A PNG whose header is fine and whose pixels do not decode (its compressed rows cut short).
  const whole = blackPng(64, 64);
  const idat = whole.indexOf(Buffer.from("IDAT")) + 4;
  const broken = Buffer.concat([whole.subarray(0, idat), Buffer.alloc(8, 0xff), whole.subarray(idat + 8)]);
  const up = await json(await upload(cookie, "broken.png", "image/png", broken), 201);
  await errorOf(await create(cookie, "image", up.url), 422, IMAGE_UNDECODABLE);
  await assertSpent(cookie, "image", keyOf(up.url));
  // Another member's create from it is still 403 (not theirs), not a look at whether it was spent.
  const other = await member();
  assert.equal((await create(other.cookie, "image", up.url)).status, 403);
});
