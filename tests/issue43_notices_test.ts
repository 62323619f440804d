/**
 * Issue 43 point 7, the notices: an upload approved while still processing says it will be public when
 * processing finishes (the job's second notice is in approval_notice_test.ts, with ffmpeg); a "started
 * following you" whose followers were all banned since is gone from the page and the unread count.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { inbox, unread } from "./_notifications.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "n43_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const maker = await createUser(db, { username: "n43_maker" });
const makerCookie = await loginCookie(db, maker.id);

Deno.test("[api] approving an item still processing: the notice says when it will be public; a ready one is public at once", async () => {
  const processing = await createMedia(db, {
    userId: maker.id,
    title: "Still cooking",
    contentType: "video",
    reviewStatus: "pending",
    playable: false,
  });
  const ready = await createMedia(db, { userId: maker.id, title: "Done already", reviewStatus: "pending" });
  for (const it of [processing, ready]) {
    await json(await request(`/api/admin/content/${it.id}/approve`, { method: "POST", cookie: adminCookie }));
  }
  const texts = (await inbox(env, makerCookie)).notifications.map((n) => n.text);
  assert.deepEqual(texts, [
    "Your upload “Done already” was approved and is public.",
    "Your upload “Still cooking” was approved; it will be public when processing finishes.",
  ]);
  const rows = await db.client.execute({ sql: "SELECT detail FROM notifications WHERE media_id = ?", args: [processing.id] });
  assert.deepEqual(rows.rows.map((r) => r.detail), ["processing"]);
});

Deno.test("[api] a follower banned since: their follow entry leaves the page and the unread count; another follower's stays", async () => {
  await db.client.execute("DELETE FROM notifications");
  const target = await createUser(db, { username: "n43_target" });
  const targetCookie = await loginCookie(db, target.id);
  const gone = await createUser(db, { username: "n43_gone" });
  await json(await request(`/api/users/${target.id}/follow`, { method: "POST", cookie: await loginCookie(db, gone.id) }));
  assert.equal(await unread(env, targetCookie), 1);
  await db.client.execute({ sql: "UPDATE users SET banned = 1 WHERE id = ?", args: [gone.id] });
  assert.deepEqual((await inbox(env, targetCookie)).notifications, []);
  assert.equal(await unread(env, targetCookie), 0);
  const html = await (await request("/notifications", { cookie: targetCookie })).text();
  assert.ok(!html.includes("started following you"));
  // A second follower the same day folds into the same entry: it shows again, naming only them.
  const stays = await createUser(db, { username: "n43_stays" });
  await json(await request(`/api/users/${target.id}/follow`, { method: "POST", cookie: await loginCookie(db, stays.id) }));
  const [entry] = (await inbox(env, targetCookie)).notifications;
  assert.equal(entry.kind, "new_follower");
  assert.match(entry.text, /^n43_stays( and 1 other)? started following you\.$/);
  assert.deepEqual(entry.actors.map((a) => a.username), ["n43_stays"]);
});
