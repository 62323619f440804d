/**
 * Retention (issue 33 point 7): the daily run deletes read notifications older than 90 days and keeps each
 * member's 1,000 newest; deleting an account deletes its notifications.
 */
import assert from "node:assert/strict";
import { json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { runRetention, startNotificationRetention } from "../lib/notify/jobs.ts";
import { MAX_PER_MEMBER } from "../common/notification_rules.ts";

const DAY = 86_400_000;

async function seed(env: Awaited<ReturnType<typeof makeTestEnv>>, userId: number, n: number, at: number, readAt: number | null) {
  await env.db.client.execute({
    sql: `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
      INSERT INTO notifications (user_id, kind, group_key, day, created_at, updated_at, read_at)
      SELECT ?, 'new_follower', 'g' || i || '-' || ?, i, ? + i, ? + i, ? FROM s`,
    args: [n, userId, at, at, at, readAt],
  });
}

const countOf = async (env: Awaited<ReturnType<typeof makeTestEnv>>, userId: number) =>
  Number((await env.db.client.execute({ sql: "SELECT count(*) AS n FROM notifications WHERE user_id = ?", args: [userId] })).rows[0].n);

Deno.test("[jobs] retention: read entries older than 90 days go, unread and recent ones stay; at most 1,000 per member, the newest", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const now = Date.now();
  await seed(env, a.id, 3, now - 100 * DAY, now - 91 * DAY); // read long ago: removed
  await seed(env, a.id, 2, now - 100 * DAY, now - 10 * DAY); // read lately: kept
  await seed(env, a.id, 4, now - 200 * DAY, null); // unread, however old: kept
  await seed(env, b.id, MAX_PER_MEMBER + 5, now - DAY, null);
  assert.equal(await runRetention(env.db, now), 3 + 5);
  assert.equal(await countOf(env, a.id), 6);
  assert.equal(await countOf(env, b.id), MAX_PER_MEMBER);
  const oldest = await env.db.client.execute({ sql: "SELECT min(updated_at) AS t FROM notifications WHERE user_id = ?", args: [b.id] });
  assert.equal(Number(oldest.rows[0].t), now - DAY + 6, "the five oldest went");
  assert.equal(await runRetention(env.db, now), 0, "a second run finds nothing");
});

Deno.test("[jobs] the server runs the retention at start-up's minute and daily, with no job row", async () => {
  await using env = await makeTestEnv();
  const member = await signedInMember(env.db);
  const now = Date.now();
  await seed(env, member.id, 2, now - 100 * DAY, now - 95 * DAY);
  const stop = startNotificationRetention(env.db);
  stop();
  assert.equal(await countOf(env, member.id), 2, "stopped before its first run: nothing deleted");
  assert.equal(Number((await env.db.client.execute("SELECT count(*) AS n FROM jobs")).rows[0].n), 0);
});

Deno.test("[api] deleting an account deletes its notifications", async () => {
  await using env = await makeTestEnv();
  const gone = await signedInMember(env.db, { password: "leaving-pass" });
  const stays = await signedInMember(env.db);
  await seed(env, gone.id, 3, Date.now(), null);
  await seed(env, stays.id, 2, Date.now(), null);
  await json(await env.request("/api/user", { method: "DELETE", cookie: gone.cookie, json: { currentPassword: "leaving-pass" } }));
  assert.equal(await countOf(env, gone.id), 0);
  assert.equal(await countOf(env, stays.id), 2);
});
