/**
 * Per-viewer mutes in the profile grid and the related list (issue 25): filtered in SQL, so every
 * page is full and the related list is full for a member who muted most of the catalogue; a muted
 * profile owner's page says so with Unmute instead of an empty grid.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { PROFILE_PAGE_SIZE } from "../common/profile_rules.ts";
import { RELATED_LIMIT } from "../common/media_rules.ts";

type Item = { id: number };
const idsOf = (items: Item[]) => items.map((i) => i.id);
const cardIds = (html: string) => [...html.matchAll(/data-card="(\d+)"/g)].map((m) => Number(m[1]));

Deno.test("[api] a muting member's view of a profile: tag and generator mutes leave the grid in SQL, pages full", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const owner = await createUser(env.db, { username: "prolific_one" });
  const cookie = await loginCookie(env.db, me.id);
  const t0 = Date.now() - 10_000_000;
  const kept: number[] = [];
  const all: number[] = [];
  // 60 items, every third hidden by a tag mute and every fifth by a generator mute: 32 kept.
  for (let i = 0; i < 60; i++) {
    const tagged = i % 3 === 0;
    const sora = i % 5 === 0;
    const row = await createMedia(env.db, {
      userId: owner.id,
      title: `Profile item ${i}`,
      tags: tagged ? "Sea, #Gore" : "sea",
      aiGenerator: sora ? " SORA " : "Flux",
      categoryId: 1,
      createdAt: t0 + i * 1000,
    });
    all.push(row.id);
    if (!tagged && !sora) kept.push(row.id);
  }
  kept.reverse(); // newest first, as the grid orders
  for (const [type, value] of [["tag", "gore"], ["generator", "sora"]]) {
    await json(await env.request("/api/user/mutes", { cookie, json: { type, value } }), 201);
  }
  // The API: pages of 10 are 10, 10, 10, 2, and the count is the kept one.
  const seen: number[] = [];
  for (let page = 1; page <= 4; page++) {
    const body = await json(await env.request(`/api/users/${owner.id}/content?page=${page}&limit=10`, { cookie }));
    assert.equal(body.content.length, page < 4 ? 10 : 2, `page ${page}`);
    assert.equal(body.totalCount, kept.length);
    assert.equal(body.mutedMember, undefined);
    seen.push(...idsOf(body.content));
  }
  assert.deepEqual(seen, kept);
  // Anyone else sees all 60.
  const visitor = await json(await env.request(`/api/users/${owner.id}/content?page=2&limit=48`));
  assert.equal(visitor.totalCount, 60);
  assert.equal(visitor.content.length, 12);

  // The page: 24 a page, so pages of 24 and 8 ("Page 1 of 2"); the card still counts the member's 60 items.
  const page1 = await (await env.request("/user/prolific_one", { cookie })).text();
  assert.deepEqual(cardIds(page1), kept.slice(0, PROFILE_PAGE_SIZE));
  assert.ok(page1.includes("Page 1 of 2"));
  assert.ok(page1.includes("60 items"));
  const page2 = await (await env.request("/user/prolific_one?page=2", { cookie })).text();
  assert.deepEqual(cardIds(page2), kept.slice(PROFILE_PAGE_SIZE));
  assert.equal((await env.request("/user/prolific_one?page=3", { cookie })).status, 404);
  const theirs = await (await env.request("/user/prolific_one?page=3")).text();
  assert.equal(cardIds(theirs).length, 60 - 2 * PROFILE_PAGE_SIZE, "a visitor still has 3 pages");
});

Deno.test("[api] a profile whose owner the viewer muted: a notice with Unmute, no items, in the page and the API", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const owner = await createUser(env.db, { username: "muted_owner" });
  const cookie = await loginCookie(env.db, me.id);
  for (let i = 0; i < 3; i++) await createMedia(env.db, { userId: owner.id, title: `Owner item ${i}`, categoryId: 1 });
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "muted_owner" } }), 201);

  const body = await json(await env.request(`/api/users/${owner.id}/content`, { cookie }));
  assert.deepEqual(body, { content: [], totalCount: 0, page: 1, pageSize: PROFILE_PAGE_SIZE, next: null, mutedMember: true });
  const html = await (await env.request("/user/muted_owner", { cookie })).text();
  assert.ok(html.includes("You muted this member"));
  assert.ok(html.includes('data-island="MutedMemberNotice"'));
  assert.ok(!html.includes('data-island="MuteMenu"'), "no second Mute menu for a muted member");
  assert.deepEqual(cardIds(html), []);
  assert.ok(!html.includes("hasn't shared any content"), "not the empty grid's text");
  assert.ok(html.includes("3 items"));

  // Unmute (what the notice's button calls): the grid is back.
  await json(await env.request(`/api/user/mutes/user/${owner.id}`, { cookie, method: "DELETE" }));
  const back = await (await env.request("/user/muted_owner", { cookie })).text();
  assert.equal(cardIds(back).length, 3);
  assert.ok(!back.includes("You muted this member"));
  assert.equal((await json(await env.request(`/api/users/${owner.id}/content`, { cookie }))).content.length, 3);
});

Deno.test("[api] the related list stays full for a member who muted all but a few uploaders", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const t0 = Date.now() - 10_000_000;
  // 30 uploaders with 4 items each in category 1; the member mutes 27 of them. The 12 kept items are the oldest.
  const keptIds: number[] = [];
  let shown = 0;
  for (let u = 0; u < 30; u++) {
    const up = await createUser(env.db, { username: `uploader_${u}` });
    const keep = u < 3;
    for (let i = 0; i < 4; i++) {
      const row = await createMedia(env.db, {
        userId: up.id,
        title: `Related ${u}-${i}`,
        categoryId: 1,
        createdAt: t0 + (keep ? 0 : 1_000_000) + (u * 4 + i) * 1000,
      });
      if (keep) keptIds.push(row.id);
      else shown = row.id;
    }
    if (!keep) await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: up.username } }), 201);
  }
  keptIds.reverse();
  // An item of a muted uploader, opened by link: its related list holds RELATED_LIMIT unmuted items, newest first.
  const related = await json(await env.request(`/api/videos/${shown}/related`, { cookie }));
  assert.deepEqual(idsOf(related), keptIds.slice(0, RELATED_LIMIT));
  const page = await (await env.request(`/media/${shown}`, { cookie })).text();
  const list = page.slice(page.indexOf('data-testid="related-list"'));
  assert.deepEqual(cardIds(list), keptIds.slice(0, RELATED_LIMIT));
  // Another category fills in when the same category runs out: still no muted item.
  const other = await createMedia(env.db, { userId: me.id, title: "Elsewhere", categoryId: 2 });
  const filled = await json(await env.request(`/api/videos/${other.id}/related`, { cookie }));
  assert.deepEqual(idsOf(filled), keptIds.slice(0, RELATED_LIMIT));
  // A viewer without mutes gets the newest items, all of muted uploaders.
  const plain = await json(await env.request(`/api/videos/${shown}/related`));
  assert.equal(plain.length, RELATED_LIMIT);
  assert.ok(plain.every((r: Item) => !keptIds.includes(r.id)));
});
