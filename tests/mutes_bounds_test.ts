/**
 * Issue 31 points 2 and 8: a member's mutes have a cap and a rate limit; whatever is stored (40,000
 * mutes, past SQLite's 32,766-variable limit), the muting member's feed, search, profile and
 * related lists and pages answer and leave the muted items out; removing a mute decodes its value
 * once. The log side (no statement parameters in a line) is tests/log_test.ts; the cross-process
 * side (point 7) is tests/two_processes_test.ts.
 */
import assert from "node:assert/strict";
import { MUTE_MSG, MUTES_MAX } from "../common/schemas/mutes.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import type { Db } from "../db/client.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";

/** Stores `count` tag mutes (`filler 1` ... no item carries them) for a member, as a database could hold them. */
async function storeTagMutes(db: Db, userId: number, count: number) {
  await db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO user_mutes (user_id, type, value, created_at) SELECT ?, 'tag', 'filler ' || i, 0 FROM n`,
    args: [count, userId],
  });
}

const mute = async (env: TestEnv, cookie: string, type: string, value: string) =>
  await env.request("/api/user/mutes", { cookie, json: { type, value } });

Deno.test("[api] a member keeps at most MUTES_MAX mutes: past it 422 with a clear message; one already muted still answers 200", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  assert.equal(MUTES_MAX, 1000);
  await storeTagMutes(env.db, me.id, MUTES_MAX - 1);
  assert.equal((await mute(env, cookie, "generator", "Sora")).status, 201, "the 1,000th");
  await errorOf(await mute(env, cookie, "tag", "one more"), 422, MUTE_MSG.tooMany);
  await errorOf(await mute(env, cookie, "generator", "Kling"), 422, MUTE_MSG.tooMany);
  assert.equal((await mute(env, cookie, "tag", "filler 7")).status, 200, "already muted: nothing grows");
  const rows = await json(await env.request("/api/user/mutes", { cookie }));
  assert.equal(rows.length, MUTES_MAX);
  // Unmuting one makes room again.
  await json(await env.request("/api/user/mutes/tag/filler%203", { cookie, method: "DELETE" }));
  assert.equal((await mute(env, cookie, "tag", "one more")).status, 201);
});

Deno.test("[api] POST /api/user/mutes is rate-limited per member (429 with Retry-After); unmuting is not", async () => {
  await using env = await makeTestEnv({ RATE_MUTES_PER_USER: "3" });
  const me = await createUser(env.db);
  const other = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  for (const tag of ["a", "b", "c"]) assert.equal((await mute(env, cookie, "tag", tag)).status, 201, tag);
  const refused = await mute(env, cookie, "tag", "d");
  await errorOf(refused, 429);
  assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
  assert.equal((await env.request("/api/user/mutes", { cookie })).status, 200);
  await json(await env.request("/api/user/mutes/tag/a", { cookie, method: "DELETE" }));
  // Counted per member.
  assert.equal((await mute(env, await loginCookie(env.db, other.id), "tag", "d")).status, 201);
});

Deno.test("[api] with 40,000 mutes stored, the member's feed, search, profile, related list and pages answer and hide muted items", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db, { username: "noisy_uploader" });
  const fine = await createUser(env.db, { username: "fine_uploader" });
  const cookie = await loginCookie(env.db, me.id);
  const make = (title: string, userId: number, tags: string, aiGenerator = "Flux") =>
    createMedia(env.db, { userId, title, tags, aiGenerator, categoryId: 1 });
  const kept = await make("harbour kept", fine.id, "sea");
  const byTag = await make("harbour tagged", fine.id, "sea, Gore");
  const byUser = await make("harbour noisy", noisy.id, "sea");
  const byGenerator = await make("harbour generated", fine.id, "sea", "Sora");
  const muted = [byTag.id, byUser.id, byGenerator.id];
  const links = [byTag, byUser, byGenerator].map((m) => `/media/${mediaSlug(m.title, m.id)}`);
  await storeTagMutes(env.db, me.id, 40_000);
  for (const [type, value] of [["tag", "gore"], ["user", String(noisy.id)], ["generator", "sora"]]) {
    await env.db.client.execute({
      sql: "INSERT INTO user_mutes (user_id, type, value, created_at) VALUES (?, ?, ?, 0)",
      args: [me.id, type, value],
    });
  }
  const ids = (items: { id: number }[]) => items.map((i) => i.id);

  const feed = await json(await env.request("/api/content/feed?page=1&columnCount=2&sortBy=newest", { cookie }));
  const inFeed = [...feed.content.videos, ...feed.content.images].map((i: { id: number }) => i.id);
  assert.ok(inFeed.includes(kept.id), "the feed answers with the kept item");
  for (const id of muted) assert.ok(!inFeed.includes(id), `feed shows ${id}`);
  assert.deepEqual(ids(await json(await env.request("/api/search?q=harbour", { cookie }))), [kept.id]);
  const profile = await json(await env.request(`/api/users/${fine.id}/content`, { cookie }));
  assert.deepEqual(ids(profile.content), [kept.id]);
  assert.deepEqual(ids(await json(await env.request(`/api/videos/${kept.id}/related`, { cookie }))), []);

  const pages = ["/", "/search?q=harbour", `/user/${fine.username}`, `/media/${mediaSlug(kept.title, kept.id)}`];
  for (const path of pages) {
    const res = await env.request(path, { cookie });
    assert.equal(res.status, 200, path);
    const html = await res.text();
    for (const link of links) assert.ok(!html.includes(link), `${path} links ${link}`);
  }
  const search = await (await env.request("/search?q=harbour", { cookie })).text();
  assert.ok(search.includes(mediaSlug(kept.title, kept.id)));
});

Deno.test("[api] DELETE /api/user/mutes/{type}/{value} decodes the value once (issue 31 point 8)", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  for (const tag of ["100%", "%41", "A", "a/b", "%"]) assert.equal((await mute(env, cookie, "tag", tag)).status, 201, tag);
  const tags = async () => (await json(await env.request("/api/user/mutes", { cookie }))).map((m: { value: string }) => m.value).sort();
  assert.deepEqual(await tags(), ["%", "%41", "100%", "a", "a/b"]);
  const remove = (value: string) => env.request(`/api/user/mutes/tag/${encodeURIComponent(value)}`, { cookie, method: "DELETE" });
  assert.equal((await remove("100%")).status, 200, "DELETE .../100%25");
  assert.deepEqual(await tags(), ["%", "%41", "a", "a/b"]);
  assert.equal((await remove("%41")).status, 200, "DELETE .../%2541");
  assert.deepEqual(await tags(), ["%", "a", "a/b"], "`%41` removed itself, not the mute of `A`");
  assert.equal((await remove("a/b")).status, 200);
  assert.equal((await remove("%")).status, 200);
  assert.deepEqual(await tags(), ["a"]);
  // A value the router cannot decode is a value no mute has.
  await errorOf(await env.request("/api/user/mutes/tag/%E0%A4%A", { cookie, method: "DELETE" }), 404);
});
