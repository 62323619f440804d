/**
 * The start-up hash backfill (issue 25): items without perceptual hashes get theirs from the job
 * runner in the web process, pausing after each item as long as it took, so requests keep being
 * answered while it runs; the hashes are those an upload computes.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { startJobs } from "../lib/boot/jobs.ts";
import { createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { scene } from "./_similar_fixtures.ts";

const ITEMS = 8;

Deno.test("[jobs] the hash backfill fills in missing hashes, yielding to requests between items", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  for (let i = 0; i < ITEMS; i++) {
    // A 2,000 px JPEG, the size of a typical generated picture, so each item costs what a real one does.
    const bytes = await sharp(await scene(100 + i)).resize(2000).jpeg({ quality: 90 }).toBuffer();
    const mp = multipart(`b${i}.jpg`, "image/jpeg", new Uint8Array(bytes));
    const up = await json(
      await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
      201,
    );
    await json(
      await env.request("/api/videos", {
        cookie,
        json: { title: `Backfill ${i}`, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL" },
      }),
      201,
    );
  }
  const hashes = async () =>
    (await env.db.client.execute("SELECT media_id, hash FROM media_hashes ORDER BY media_id")).rows.map((r) => `${r.media_id}:${r.hash}`);
  const atUpload = await hashes();
  assert.equal(atUpload.length, ITEMS);
  // As if they came from before perceptual hashes.
  await env.db.client.execute("DELETE FROM media_hashes");

  const runtime = await startJobs(env.db, env.config);
  try {
    // Requests made while the pass runs are answered between its items.
    const latencies: number[] = [];
    // A bound for a hang, not a time to meet: the items' image renditions (issue 35) run beside this pass.
    const end = Date.now() + 120_000;
    while ((await hashes()).length < ITEMS) {
      if (Date.now() > end) throw new Error("backfill did not finish");
      const t = performance.now();
      assert.equal((await env.request("/api/content/feed?page=1")).status, 200);
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.deepEqual(await hashes(), atUpload);
    assert.ok(latencies.length >= ITEMS / 2, `${latencies.length} requests answered during ${ITEMS} items`);
  } finally {
    await runtime.stop();
  }
});
