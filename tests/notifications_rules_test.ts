/**
 * Notification rules (issue 33 point 2) and settings (point 4): never between members who blocked each
 * other, never for a muted member, generator or tag, never about what the receiver cannot see, never a kind
 * turned off for the web; GET and PUT /api/user/notification-settings with the bad inputs.
 */
import assert from "node:assert/strict";
import { createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { inbox, jobStates, runJobs, storedRows } from "./_notifications.ts";
import { makeThread } from "./_forum.ts";
import { defaultSetting, FANOUT_JOB, NOTIFICATION_KINDS } from "../common/notification_rules.ts";

const comment = (env: Awaited<ReturnType<typeof makeTestEnv>>, id: number, cookie: string) =>
  env.request(`/api/videos/${id}/comments`, { cookie, json: { content: "Hello" } });

Deno.test("[api] no notification between members who blocked each other, either way, nor from a muted member", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db);
  const blocked = await signedInMember(env.db);
  const blocker = await signedInMember(env.db);
  const muted = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: owner.id });
  await json(await env.request(`/api/users/block/${blocked.id}`, { method: "POST", cookie: owner.cookie }));
  await json(await env.request(`/api/users/block/${owner.id}`, { method: "POST", cookie: blocker.cookie }));
  await json(await env.request("/api/user/mutes", { cookie: owner.cookie, json: { type: "user", value: String(muted.id) } }), 201);
  for (const who of [blocked, blocker, muted]) await json(await comment(env, item.id, who.cookie), 201);
  // In the forum too: the starter blocked the replier.
  const thread = await makeThread(env.db, { userId: owner.id });
  await json(await env.request(`/api/forum/threads/${thread.id}/comments`, { cookie: blocked.cookie, json: { content: "Hi" } }), 201);
  assert.deepEqual(await storedRows(env), []);
  // A follow refused by a block writes nothing either (the notification is in the follow's transaction).
  await errorOf(await env.request(`/api/users/${owner.id}/follow`, { method: "POST", cookie: blocked.cookie }), 403);
  assert.deepEqual(await storedRows(env), []);
  // Someone else's comment still comes through.
  const fine = await signedInMember(env.db);
  await json(await comment(env, item.id, fine.cookie), 201);
  assert.deepEqual(await storedRows(env), [`${owner.id}:comment:m:${item.id}:1`]);
});

Deno.test("[api] followed_upload skips followers who muted the item's tag or generator, and is not sent for an item hidden before the job ran", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const creator = await signedInMember(env.db);
  const [plain, tagMuter, toolMuter] = await Promise.all([signedInMember(env.db), signedInMember(env.db), signedInMember(env.db)]);
  for (const f of [plain, tagMuter, toolMuter]) {
    await json(await env.request(`/api/users/${creator.id}/follow`, { method: "POST", cookie: f.cookie }));
  }
  await json(await env.request("/api/user/mutes", { cookie: tagMuter.cookie, json: { type: "tag", value: "Cats" } }), 201);
  await json(await env.request("/api/user/mutes", { cookie: toolMuter.cookie, json: { type: "generator", value: "Sora" } }), 201);
  const item = await createMedia(env.db, { userId: creator.id, reviewStatus: "pending", tags: "cats, night", aiGenerator: "sora" });
  await json(await env.request(`/api/admin/content/${item.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await runJobs(env, [FANOUT_JOB]);
  const rows = (await storedRows(env)).filter((r) => r.includes("followed_upload"));
  assert.deepEqual(rows, [`${plain.id}:followed_upload:u:${creator.id}:1`]);

  // Approved, then hidden by an admin-side change before the queued job ran: nobody hears of it.
  const later = await createMedia(env.db, { userId: creator.id, reviewStatus: "pending" });
  await json(await env.request(`/api/admin/content/${later.id}/approve`, { method: "POST", cookie: admin.cookie }));
  await env.db.client.execute({ sql: "UPDATE media SET reports_hidden = 1 WHERE id = ?", args: [later.id] });
  await runJobs(env, [FANOUT_JOB]);
  assert.deepEqual(await jobStates(env, FANOUT_JOB), ["done", "done"], "the job ended without an error");
  assert.deepEqual((await storedRows(env)).filter((r) => r.includes("followed_upload")), rows);
});

Deno.test("[api] notification settings: defaults, PUT round trip, web off writes nothing, bad bodies 400 and nothing stored", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db);
  const other = await signedInMember(env.db);
  const defaults = await json(await env.request("/api/user/notification-settings", { cookie: owner.cookie }));
  assert.deepEqual(Object.keys(defaults), [...NOTIFICATION_KINDS]);
  for (const k of NOTIFICATION_KINDS) assert.deepEqual(defaults[k], defaultSetting(k));
  assert.deepEqual(defaults.upload_approved, { web: true, email: true });
  assert.deepEqual(defaults.comment, { web: true, email: false });

  const wanted = { ...defaults, comment: { web: false, email: false }, new_follower: { web: true, email: true } };
  const res = await env.request("/api/user/notification-settings", { method: "PUT", cookie: owner.cookie, json: wanted });
  assert.deepEqual(await json(res), wanted);
  assert.deepEqual(await json(await env.request("/api/user/notification-settings", { cookie: owner.cookie })), wanted);
  const stored = await env.db.client.execute({
    sql: "SELECT kind FROM notification_settings WHERE user_id = ? ORDER BY kind",
    args: [owner.id],
  });
  assert.deepEqual(stored.rows.map((r) => r.kind), ["comment", "new_follower"], "only what differs from the defaults is kept");

  const item = await createMedia(env.db, { userId: owner.id });
  await json(await comment(env, item.id, other.cookie), 201);
  await json(await env.request(`/api/users/${owner.id}/follow`, { method: "POST", cookie: other.cookie }));
  assert.deepEqual((await inbox(env, owner.cookie)).notifications.map((n) => n.kind), ["new_follower"]);

  const { comment: _c, ...missing } = wanted;
  for (
    const bad of [
      missing,
      { ...wanted, comment: { web: "no", email: false } },
      { ...wanted, comment: { web: true } },
      { ...wanted, unknown_kind: { web: true, email: true } },
      [],
      "all",
    ]
  ) {
    await errorOf(await env.request("/api/user/notification-settings", { method: "PUT", cookie: owner.cookie, json: bad }), 400);
  }
  await errorOf(await env.request("/api/user/notification-settings", { method: "PUT", json: wanted }), 401);
  assert.deepEqual(await json(await env.request("/api/user/notification-settings", { cookie: owner.cookie })), wanted);
});
