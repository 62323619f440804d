/**
 * Issue 43 point 7: an upload approved while its video is still processing is not yet public, so its
 * owner is told "approved; it will be public when processing finishes", and told again when it is
 * (the processing job's commit, the same one that queues the followers' news). Real upload, real ffmpeg job.
 */
import assert from "node:assert/strict";
import { startJobs } from "../lib/boot/jobs.ts";
import { createUser, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { h264, makeVideo } from "./_video_sources.ts";
import { inbox } from "./_notifications.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

Deno.test("[api] approved while processing: the owner hears it will be public, then that it is, once", { ignore: !FFMPEG }, async () => {
  await using env = await makeTestEnv();
  const { request, db, config } = env;
  const member = await createUser(db, { username: "notice_maker" });
  const cookie = await loginCookie(db, member.id);
  const admin = await createUser(db, { isAdmin: true });
  const adminCookie = await loginCookie(db, admin.id);
  const mp = multipart("clip.mp4", "video/mp4", await makeVideo(h264("160x120", 1)));
  const up = await json(
    await request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  const created = await json(
    await request("/api/videos", {
      cookie,
      json: { title: "Slow dawn", contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" },
    }),
    201,
  );
  const id = created.id;
  // Approved before the job ran: not public yet.
  await json(await request(`/api/admin/content/${id}/approve`, { method: "POST", cookie: adminCookie }));
  const first = (await inbox(env, cookie)).notifications;
  assert.deepEqual(first.map((n) => [n.kind, n.text]), [
    ["upload_approved", "Your upload “Slow dawn” was approved; it will be public when processing finishes."],
  ]);
  const runtime = await startJobs(db, config);
  try {
    await until(async () => (await json(await request(`/api/videos/${id}`, { cookie }))).processing?.state === "ready");
  } finally {
    await runtime.stop();
  }
  const after = (await inbox(env, cookie)).notifications;
  assert.deepEqual(after.map((n) => [n.kind, n.text, n.url]), [
    ["upload_approved", "Your upload “Slow dawn” finished processing and is now public.", `/media/${id}`],
    ["upload_approved", "Your upload “Slow dawn” was approved; it will be public when processing finishes.", `/media/${id}`],
  ]);
  const rows = await db.client.execute({ sql: "SELECT group_key, detail FROM notifications WHERE media_id = ? ORDER BY id", args: [id] });
  assert.deepEqual(rows.rows.map((r) => [r.group_key, r.detail]), [[`m:${id}`, "processing"], [`m:${id}:public`, "public"]]);
  // The item is public: a visitor sees it.
  assert.equal((await request(`/api/videos/${id}`)).status, 200);
});
