/**
 * Notifications per kind (issue 33 points 1-2): each written once per event, folded as said (one unread
 * entry per item, per day of new followers, per creator), never to the member who acted.
 */
import assert from "node:assert/strict";
import { createMedia, json, makeTestEnv, signedInMember, trustedMember } from "./_helpers.ts";
import { inbox, jobStates, runJobs, storedRows, unread } from "./_notifications.ts";
import { makeThread } from "./_forum.ts";
import { videoProcessHandler } from "../lib/media/process_job.ts";
import { FANOUT_JOB } from "../common/notification_rules.ts";
import type { JobRow } from "../db/queries/jobs.ts";
import { writeTx } from "../db/client.ts";
import { claimFanout, fanoutBatch } from "../db/queries/notify_fanout.ts";

Deno.test("[api] upload_approved and upload_rejected (with the reason) go to the owner once per decision; never to an admin's own upload", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const owner = await signedInMember(env.db);
  const a = await createMedia(env.db, { userId: owner.id, title: "Dawn", reviewStatus: "pending" });
  const b = await createMedia(env.db, { userId: owner.id, title: "Dusk", reviewStatus: "pending" });
  const own = await createMedia(env.db, { userId: admin.id, title: "Mine", reviewStatus: "pending" });
  await json(await env.request(`/api/admin/content/${a.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await json(await env.request(`/api/admin/content/${a.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await json(await env.request(`/api/admin/content/${b.id}/reject`, { cookie: admin.cookie, json: { reason: "Blurry frames" } }));
  await json(await env.request(`/api/admin/content/${own.id}/approve`, { method: "POST", cookie: admin.cookie }));
  const page = await inbox(env, owner.cookie);
  assert.deepEqual(page.notifications.map((n) => [n.kind, n.text, n.url, n.count, n.actors]), [
    ["upload_rejected", "Your upload “Dusk” was rejected: Blurry frames", "/my-videos", 1, []],
    ["upload_approved", "Your upload “Dawn” was approved and is public.", `/media/${a.id}`, 1, []],
  ]);
  assert.deepEqual((await inbox(env, admin.cookie)).notifications, [], "the admin's own upload: no notification");
});

Deno.test("[api] upload_hidden: the owner hears once when reports hide the item, not who reported", async () => {
  await using env = await makeTestEnv({ REPORT_HIDE_THRESHOLD: "2" });
  const owner = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: owner.id, title: "Storm" });
  for (let i = 0; i < 2; i++) {
    const r = await trustedMember(env.db);
    await json(await env.request("/api/reports", { cookie: r.cookie, json: { videoId: item.id, reason: "other" } }), 201);
  }
  const [n, ...rest] = (await inbox(env, owner.cookie)).notifications;
  assert.deepEqual(rest, []);
  assert.equal(n.kind, "upload_hidden");
  assert.equal(n.text, "Your upload “Storm” was hidden after reports, until an admin reviews it.");
  assert.deepEqual(n.actors, []);
});

Deno.test("[api] comments on one item fold into one unread entry a day: 'kenji_frames and 4 others'; a visitor's counts, a held one does not", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: owner.id, title: "Koi" });
  const names = ["kenji_frames", "b_two", "c_three", "d_four", "e_five"];
  for (const username of names) {
    const m = await signedInMember(env.db, { username });
    await json(await env.request(`/api/videos/${item.id}/comments`, { cookie: m.cookie, json: { content: "Wow" } }), 201);
  }
  // The owner's own comment is not news to them.
  await json(await env.request(`/api/videos/${item.id}/comments`, { cookie: owner.cookie, json: { content: "Thanks" } }), 201);
  let [n] = (await inbox(env, owner.cookie)).notifications;
  assert.equal(n.count, 5);
  assert.equal(n.text, "kenji_frames and 4 others commented on “Koi” (5 comments).");
  assert.deepEqual(n.actors.map((a) => a.username), ["kenji_frames", "b_two", "c_three"]);
  // A visitor's shown comment folds in (no actor); a visitor's comment with a link is held and tells nobody.
  await json(await env.request(`/api/videos/${item.id}/comments`, { json: { content: "Anonymous praise" } }), 201);
  await json(await env.request(`/api/videos/${item.id}/comments`, { json: { content: "see https://spam.example" } }), 201);
  [n] = (await inbox(env, owner.cookie)).notifications;
  assert.equal(n.count, 6);
  assert.equal(await unread(env, owner.cookie), 1);
});

Deno.test("[api] forum_reply goes to the thread's starter and commenters, not the replier; a held thread tells nobody", async () => {
  await using env = await makeTestEnv();
  const starter = await signedInMember(env.db);
  const earlier = await signedInMember(env.db, { username: "earlier_one" });
  const replier = await signedInMember(env.db, { username: "replier_one" });
  const thread = await makeThread(env.db, { userId: starter.id, title: "Best samplers?" });
  const comment = (who: { cookie: string }, id = thread.id) =>
    env.request(`/api/forum/threads/${id}/comments`, { cookie: who.cookie, json: { content: "I think so" } });
  await json(await comment(earlier), 201);
  await json(await comment(replier), 201);
  const [s] = (await inbox(env, starter.cookie)).notifications;
  assert.equal(s.kind, "forum_reply");
  assert.equal(s.count, 2);
  assert.equal(s.text, "earlier_one and 1 other replied in “Best samplers?” (2 replies).");
  assert.equal(s.url, `/forum?thread=${thread.id}`);
  const e = (await inbox(env, earlier.cookie)).notifications;
  assert.deepEqual(e.map((n) => n.text), ["replier_one replied in “Best samplers?”."]);
  assert.deepEqual((await inbox(env, replier.cookie)).notifications, []);
  const held = await makeThread(env.db, { userId: starter.id, status: "held", heldReason: "word:x" });
  await comment(replier, held.id);
  assert.equal((await inbox(env, starter.cookie)).notifications.length, 1);
});

Deno.test("[api] new_follower: a day's followers fold into one entry; following twice adds nothing", async () => {
  await using env = await makeTestEnv();
  const star = await signedInMember(env.db);
  const fans = [];
  for (const username of ["fan_one", "fan_two", "fan_three"]) fans.push(await signedInMember(env.db, { username }));
  for (const f of fans) await json(await env.request(`/api/users/${star.id}/follow`, { method: "POST", cookie: f.cookie }));
  await json(await env.request(`/api/users/${star.id}/follow`, { method: "POST", cookie: fans[0].cookie }));
  const [n, ...rest] = (await inbox(env, star.cookie)).notifications;
  assert.deepEqual(rest, []);
  assert.equal(n.kind, "new_follower");
  assert.equal(n.count, 3);
  assert.equal(n.text, "fan_one and 2 others started following you.");
  assert.equal(n.url, "/profile/followers", "a grouped entry leads to the list of followers (issue 43 point 2)");
});

Deno.test("[api] new_follower counts distinct followers: an unfollow-follow loop adds nothing to the count, the actors or the mail", async () => {
  await using env = await makeTestEnv({ RATE_FOLLOWS_PER_USER: "1000" });
  const star = await signedInMember(env.db, { username: "star_loop" });
  const looper = await signedInMember(env.db, { username: "loop_fan" });
  const other = await signedInMember(env.db, { username: "calm_fan" });
  const follow = async (cookie: string, method: "POST" | "DELETE") => {
    const res = await env.request(`/api/users/${star.id}/follow`, { method, cookie });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    return await res.json();
  };
  for (let i = 0; i < 6; i++) {
    assert.equal((await follow(looper.cookie, "POST")).following, true);
    assert.equal((await follow(looper.cookie, "DELETE")).following, false);
  }
  await follow(looper.cookie, "POST");
  await follow(other.cookie, "POST");
  await follow(other.cookie, "DELETE");
  await follow(other.cookie, "POST");
  const [n, ...rest] = (await inbox(env, star.cookie)).notifications;
  assert.deepEqual(rest, []);
  assert.equal(n.kind, "new_follower");
  assert.equal(n.count, 2, "two distinct followers, however often they came back");
  assert.deepEqual(n.actors.map((a) => a.username), ["loop_fan", "calm_fan"]);
  assert.equal(n.text, "loop_fan and 1 other started following you.");
  assert.deepEqual((await storedRows(env)).filter((r) => r.includes("new_follower")), [`${star.id}:new_follower::2`]);
  const actors = await env.db.client.execute("SELECT actor_id FROM notification_actors ORDER BY actor_id");
  assert.deepEqual(actors.rows.map((r) => Number(r.actor_id)), [looper.id, other.id]);
  assert.equal(await unread(env, star.cookie), 1);
  // Once read, a new follower starts a new entry (and a follower already told is news again only there).
  await env.db.client.execute("UPDATE notifications SET read_at = 1");
  await follow(other.cookie, "DELETE");
  await follow(other.cookie, "POST");
  await follow(other.cookie, "DELETE");
  await follow(other.cookie, "POST");
  const fresh = (await inbox(env, star.cookie)).notifications.filter((x) => !x.read);
  assert.deepEqual(fresh.map((x) => [x.count, x.actors.map((a) => a.username)]), [[1, ["calm_fan"]]]);
});

Deno.test("[api] like_milestone: once at 10 likes, not again after an unlike and a like", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: owner.id, title: "Glow" });
  const likers = [];
  for (let i = 0; i < 10; i++) likers.push(await signedInMember(env.db));
  for (const l of likers.slice(0, 9)) await json(await env.request(`/api/videos/${item.id}/like`, { method: "POST", cookie: l.cookie }));
  assert.deepEqual((await inbox(env, owner.cookie)).notifications, []);
  await json(await env.request(`/api/videos/${item.id}/like`, { method: "POST", cookie: likers[9].cookie }));
  await json(await env.request(`/api/videos/${item.id}/like`, { method: "DELETE", cookie: likers[9].cookie }));
  await json(await env.request(`/api/videos/${item.id}/like`, { method: "POST", cookie: likers[9].cookie }));
  const list = (await inbox(env, owner.cookie)).notifications;
  assert.deepEqual(list.map((n) => [n.kind, n.text, n.count, n.actors.length]), [[
    "like_milestone",
    "Your item “Glow” reached 10 likes.",
    1,
    0,
  ]]);
});

Deno.test("[api] followed_upload: approving queues one fan-out job; followers hear once, a creator's uploads fold, a rerun doubles nothing", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const creator = await signedInMember(env.db, { username: "kenji_frames" });
  const fans = await Promise.all([signedInMember(env.db), signedInMember(env.db)]);
  for (const f of fans) await json(await env.request(`/api/users/${creator.id}/follow`, { method: "POST", cookie: f.cookie }));
  const first = await createMedia(env.db, { userId: creator.id, title: "One", reviewStatus: "pending" });
  const second = await createMedia(env.db, { userId: creator.id, title: "Two", reviewStatus: "pending" });
  await json(await env.request(`/api/admin/content/${first.id}/approve`, { method: "POST", cookie: admin.cookie }));
  assert.deepEqual(await jobStates(env, FANOUT_JOB), ["queued"], "the request wrote no follower's entry, it queued a job");
  assert.equal(await unread(env, fans[0].cookie), 0);
  await runJobs(env, [FANOUT_JOB]);
  assert.deepEqual((await inbox(env, fans[0].cookie)).notifications.map((n) => n.text), ["kenji_frames published “One”."]);
  // Approved again (after a rejection): the fan-out ran for this item already.
  await json(await env.request(`/api/admin/content/${first.id}/reject`, { cookie: admin.cookie, json: { reason: "Oops" } }));
  await json(await env.request(`/api/admin/content/${first.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await json(await env.request(`/api/admin/content/${second.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await runJobs(env, [FANOUT_JOB]);
  assert.deepEqual(await jobStates(env, FANOUT_JOB), ["done", "done"]);
  for (const f of fans) {
    const [n, ...rest] = (await inbox(env, f.cookie)).notifications;
    assert.deepEqual(rest, []);
    assert.equal(n.count, 2);
    assert.equal(n.text, "kenji_frames published 2 new items, the latest “Two”.");
    assert.equal(n.url, `/media/${second.id}`);
  }
  // A job run again after a crash (its cursor already at the end) writes nothing more.
  await env.db.client.execute("UPDATE jobs SET state = 'queued', run_after = 0");
  await runJobs(env, [FANOUT_JOB]);
  assert.equal(
    (await storedRows(env)).filter((r) => r.includes("followed_upload")).sort().join(),
    [
      `${fans[0].id}:followed_upload:u:${creator.id}:2`,
      `${fans[1].id}:followed_upload:u:${creator.id}:2`,
    ].sort().join(),
  );
});

Deno.test("[api] processing_failed: the owner hears the reason once the job fails for good, not on a retry", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: owner.id, title: "Broken", contentType: "video", playable: false });
  const job = { id: 1, mediaId: item.id } as JobRow;
  await videoProcessHandler.onFailure!(env.db, job, "The file could not be decoded", false);
  assert.deepEqual((await inbox(env, owner.cookie)).notifications, []);
  await videoProcessHandler.onFailure!(env.db, job, "moov atom not found", true);
  const [n] = (await inbox(env, owner.cookie)).notifications;
  assert.equal(n.kind, "processing_failed");
  assert.equal(n.text, "Your video “Broken” could not be processed. Processing failed: moov atom not found");
  assert.equal(n.url, "/my-videos");
});

Deno.test("[db] the fan-out walks the followers in batches by its cursor: each told once, then done", async () => {
  await using env = await makeTestEnv();
  const creator = await signedInMember(env.db);
  const fans = [];
  for (let i = 0; i < 5; i++) fans.push(await signedInMember(env.db));
  for (const f of fans) await json(await env.request(`/api/users/${creator.id}/follow`, { method: "POST", cookie: f.cookie }));
  const item = await createMedia(env.db, { userId: creator.id });
  assert.equal(await writeTx(env.db, (tx) => claimFanout(tx, item.id)), true);
  assert.equal(await writeTx(env.db, (tx) => claimFanout(tx, item.id)), false, "once per item");
  const rounds: boolean[] = [];
  for (let i = 0; i < 4 && !rounds.at(-1); i++) rounds.push(await writeTx(env.db, (tx) => fanoutBatch(tx, item.id, 2)));
  assert.deepEqual(rounds, [false, false, true], "2 + 2 + 1 followers");
  assert.equal(await writeTx(env.db, (tx) => fanoutBatch(tx, item.id, 2)), true, "done stays done");
  assert.deepEqual(
    (await storedRows(env)).filter((r) => r.includes("followed_upload")).sort(),
    fans.map((f) => `${f.id}:followed_upload:u:${creator.id}:1`).sort(),
  );
});
