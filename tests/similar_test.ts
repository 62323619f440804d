/**
 * Look-alikes (issue 25): the distances measured on copies and unrelated pictures (printed, and
 * the threshold's margin asserted), a re-upload of a rejected or admin-deleted image held and
 * linked to it, an unrelated one not, a blocklisted image refused with its message, the exact
 * duplicate's 409 unchanged, a re-encoded video matched to its removed original, and the
 * background pass hashing items from before.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { media, mediaHashes } from "../db/schema/mod.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { hammingHex, PHASH_ALGO } from "../lib/media/phash.ts";
import { phashImage } from "../lib/media/similar_hash.ts";
import { BLOCKED_UPLOAD } from "../lib/media/similar.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv, until } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { copiesOf, scene } from "./_similar_fixtures.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");
const THRESHOLD = 12; // lib/config.ts SIMILAR_MAX_DISTANCE's default

Deno.test("[similar] copies stay within the threshold, mirrored and unrelated pictures beyond it", async () => {
  const base = await scene(1);
  const h0 = (await phashImage(base))!;
  const lines: string[] = [];
  for (const [name, bytes] of Object.entries(await copiesOf(base))) {
    const d = hammingHex(h0, (await phashImage(bytes))!);
    lines.push(`${name}: ${d}`);
    assert.ok(d <= THRESHOLD - 2, `${name} at ${d}`);
  }
  const mirrored = hammingHex(h0, (await phashImage(await sharp(base).flop().png().toBuffer()))!);
  lines.push(`mirrored: ${mirrored}`);
  assert.ok(mirrored > THRESHOLD, `mirrored at ${mirrored}`);
  // Every pair of 21 different scenes (210 pairs), not only the first against the others.
  const hashes = [h0];
  for (let s = 2; s <= 21; s++) hashes.push((await phashImage(await scene(s)))!);
  const unrelated = hashes.flatMap((a, i) => hashes.slice(i + 1).map((b) => hammingHex(a, b)));
  lines.push(`unrelated (${unrelated.length} pairs): min ${Math.min(...unrelated)}, max ${Math.max(...unrelated)}`);
  console.log(`pHash distances (${PHASH_ALGO}, threshold ${THRESHOLD}):\n  ${lines.join("\n  ")}`);
  assert.ok(Math.min(...unrelated) > THRESHOLD + 1);
  // A uniform picture has no meaningful hash: it is left out rather than matching every other one.
  assert.equal(
    await phashImage(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).png().toBuffer()),
    null,
  );
});

async function upload(env: TestEnv, cookie: string, bytes: Uint8Array, title: string) {
  const png = bytes[0] === 0x89;
  const mp = multipart(png ? "a.png" : "a.jpg", png ? "image/png" : "image/jpeg", bytes);
  const up = await json(
    await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  return env.request("/api/videos", {
    cookie,
    json: { title, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL" },
  });
}

const rowOf = (env: TestEnv, id: number) => env.db.select().from(media).where(eq(media.id, id)).get();

Deno.test("[similar] a re-upload of a rejected or admin-deleted image is held and linked; a blocklisted one is refused", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const admin = await createUser(env.db, { isAdmin: true });
  const adminCookie = await loginCookie(env.db, admin.id);
  const base = await scene(1);
  const copies = await copiesOf(base);

  const first = await json(await upload(env, cookie, base, "Original"), 201);
  const hashes = await env.db.select().from(mediaHashes).where(eq(mediaHashes.mediaId, first.id)).all();
  assert.deepEqual(hashes.map((h) => [h.algo, h.hash.length]), [[PHASH_ALGO, 16]]);
  await json(await env.request(`/api/admin/content/${first.id}/reject`, { cookie: adminCookie, json: { reason: "Spam" } }));

  // The exact file again: the 409 as before.
  await errorOf(await upload(env, cookie, base, "Again"), 409);
  // Resized, re-encoded, cropped and brightened: accepted, but held and linked to the rejected item.
  const copy = await json(await upload(env, cookie, copies["all four"], "Copy"), 201);
  assert.equal(copy.reviewStatus, "pending");
  assert.equal((await rowOf(env, copy.id))!.matchesRemovedId, first.id);
  const other = await json(await upload(env, cookie, await scene(7), "Other"), 201);
  assert.equal((await rowOf(env, other.id))!.matchesRemovedId, null);

  // The queue shows the look-alike with the earlier decision; the unrelated item has none.
  const pending = await json(await env.request("/api/admin/content/pending", { cookie: adminCookie }));
  const held = pending.find((i: { id: number }) => i.id === copy.id);
  assert.equal(held.matchesRemovedId, first.id);
  assert.equal(held.lookAlikes.length, 1);
  const near = held.lookAlikes[0];
  assert.ok(near.distance <= THRESHOLD);
  assert.deepEqual({ ...near, distance: undefined, likeness: undefined, decidedAt: undefined }, {
    id: first.id,
    title: "Original",
    thumbnail: first.thumbnail,
    status: "rejected",
    reason: "Spam",
    distance: undefined,
    likeness: undefined,
    decidedAt: undefined,
    href: `/media/${first.id}`,
    uploader: { id: member.id, username: member.username },
    decidedBy: { id: admin.id, username: admin.username },
  });
  assert.ok(["same picture", "very similar", "similar"].includes(near.likeness));
  assert.ok(!Number.isNaN(Date.parse(near.decidedAt)));
  assert.deepEqual(pending.find((i: { id: number }) => i.id === other.id).lookAlikes, []);

  // An admin deletes an approved item: its copy comes back held, linked to the removed id.
  const second = await json(await upload(env, cookie, await scene(3), "Second"), 201);
  await json(await env.request(`/api/admin/content/${second.id}/approve`, { cookie: adminCookie, method: "POST" }));
  await json(await env.request(`/api/admin/content/${second.id}`, { cookie: adminCookie, method: "DELETE" }));
  const back = await json(await upload(env, cookie, (await copiesOf(await scene(3)))["JPEG quality 60"], "Back"), 201);
  assert.equal((await rowOf(env, back.id))!.matchesRemovedId, second.id);
  const shown = (await json(await env.request("/api/admin/content/pending", { cookie: adminCookie })))
    .find((i: { id: number }) => i.id === back.id).lookAlikes;
  // What the log kept of it (issue 34 point 5): its title, its uploader, who deleted it; no link, the row is gone.
  assert.deepEqual(shown.map((l: Record<string, unknown>) => [l.id, l.status, l.title, l.href, l.uploader, l.decidedBy]), [
    [second.id, "removed", "Second", null, { id: member.id, username: member.username }, { id: admin.id, username: admin.username }],
  ]);

  // The blocklist: bad inputs, then uploads that look like the item are refused with the message.
  await errorOf(await env.request(`/api/admin/content/${other.id}/blocklist`, { cookie, json: {} }), 403);
  await errorOf(await env.request(`/api/admin/content/${other.id}/blocklist`, { cookie: adminCookie, json: { reason: 5 } }), 400);
  await errorOf(await env.request(`/api/admin/content/abc/blocklist`, { cookie: adminCookie, json: {} }), 400);
  await errorOf(await env.request(`/api/admin/content/999999/blocklist`, { cookie: adminCookie, json: {} }), 409);
  const blocked = await json(
    await env.request(`/api/admin/content/${other.id}/blocklist`, { cookie: adminCookie, json: { reason: "Stolen" } }),
  );
  assert.equal(blocked.hashes, 1);
  const seven = await copiesOf(await scene(7));
  await errorOf(await upload(env, cookie, seven["5% crop"], "Blocked"), 422, BLOCKED_UPLOAD);
  await errorOf(await upload(env, cookie, seven["resized to 80%"], "Blocked"), 422, BLOCKED_UPLOAD);
  await json(await upload(env, cookie, await scene(9), "Fine"), 201);
});

async function video(args: string[]): Promise<Uint8Array> {
  const out = await Deno.makeTempFile({ suffix: ".mp4" });
  const r = await new Deno.Command("ffmpeg", { args: ["-v", "error", "-y", ...args, "-pix_fmt", "yuv420p", out] }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(out);
  return bytes;
}

Deno.test("[similar] a video re-encoded at another size and bitrate matches its removed original", { ignore: !FFMPEG }, async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const admin = await createUser(env.db, { isAdmin: true });
  const adminCookie = await loginCookie(env.db, admin.id);
  const original = await video(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=4", "-c:v", "libx264", "-b:v", "600k"]);
  const tmp = await Deno.makeTempFile({ suffix: ".mp4" });
  await Deno.writeFile(tmp, original);
  const reencoded = await video(["-i", tmp, "-vf", "scale=256:192", "-c:v", "libx264", "-b:v", "80k"]);
  await Deno.remove(tmp);
  const unrelated = await video(["-f", "lavfi", "-i", "mandelbrot=size=320x240:rate=10", "-t", "4", "-c:v", "libx264"]);
  const send = async (bytes: Uint8Array, title: string) => {
    const mp = multipart("v.mp4", "video/mp4", bytes);
    const up = await json(
      await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
      201,
    );
    return (await json(
      await env.request("/api/videos", {
        cookie,
        json: { title, contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" },
      }),
      201,
    )).id as number;
  };
  const ready = (id: number) => until(async () => (await rowOf(env, id))?.processingState === "ready");
  const jobs = await startJobs(env.db, env.config);
  try {
    const first = await send(original, "Original");
    await ready(first);
    const frames = await env.db.select().from(mediaHashes).where(eq(mediaHashes.mediaId, first)).all();
    assert.ok(frames.length >= 3, `${frames.length} frame hashes`);
    await json(await env.request(`/api/admin/content/${first}`, { cookie: adminCookie, method: "DELETE" }));
    const copy = await send(reencoded, "Copy");
    const other = await send(unrelated, "Other");
    await ready(copy);
    await ready(other);
    assert.equal((await rowOf(env, copy))!.matchesRemovedId, first);
    assert.equal((await rowOf(env, other))!.matchesRemovedId, null);
  } finally {
    await jobs.stop();
  }
});

Deno.test("[similar] the background pass hashes items from before, in batches", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const dir = `${env.config.uploadsDir}/i`;
  await Deno.mkdir(dir, { recursive: true });
  const ids: number[] = [];
  for (let s = 1; s <= 3; s++) {
    const key = `i/${"0".repeat(31)}${s}.png`;
    await Deno.writeFile(`${env.config.uploadsDir}/${key}`, await scene(s));
    ids.push((await createMedia(env.db, { userId: member.id, contentType: "image", fileKey: key })).id);
  }
  const jobs = await startJobs(env.db, env.config);
  try {
    await until(async () => (await env.db.select().from(mediaHashes).all()).length === 3);
    const rows = await env.db.select().from(mediaHashes).all();
    assert.deepEqual(rows.map((r) => r.mediaId).sort(), ids.sort());
    assert.ok(rows.every((r) => r.algo === PHASH_ALGO));
  } finally {
    await jobs.stop();
  }
});

// Its speed (p50 0.3 ms at 100,000, the bar 5 ms) is bench/similar.ts's figure, not a timed assertion here.
Deno.test("[similar] a lookup among 100,000 kept hashes finds the near one, and only within the threshold", async () => {
  const { HashIndex } = await import("../lib/media/similar_index.ts");
  const { randomBytes } = await import("node:crypto");
  const index = new HashIndex();
  for (let i = 0; i < 100_000; i++) index.add(i + 1, randomBytes(8).toString("hex"));
  const target = randomBytes(8).toString("hex");
  index.add(424242, target);
  // One bit off the target: the target first, at distance 1; whatever else comes (random hashes rarely do) is within it.
  const oneOff = (BigInt(`0x${target}`) ^ 1n).toString(16).padStart(16, "0");
  const found = index.near([oneOff], THRESHOLD);
  assert.deepEqual(found[0], { mediaId: 424242, distance: 1 });
  assert.ok(found.every((f) => f.distance <= THRESHOLD), JSON.stringify(found.slice(0, 3)));
});
