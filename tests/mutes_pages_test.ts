/**
 * Issue 25's done-when, the page-level half: a muting member's forum page and search pages leave the
 * muted items out on the server with full pages (the API sides are in tests/mutes_test.ts), and the
 * home page's first screen is full too.
 */
import assert from "node:assert/strict";
import { makeThread } from "./_forum.ts";
import { createMedia, createUser, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";
import { THREAD_PAGE } from "../common/forum_rules.ts";
import { SEARCH_PAGE_SIZE } from "../lib/feed/search.ts";

const html = async (env: TestEnv, path: string, cookie: string) => {
  const res = await env.request(path, { cookie });
  assert.equal(res.status, 200, path);
  return await res.text();
};
/** The ids of the cards in a page's markup, in order (each card once). */
type Item = { id: number };
const cardIds = (page: string) => [...new Set([...page.matchAll(/data-card="(\d+)"/g)].map((m) => Number(m[1])))];

Deno.test("[page] /forum for a muting member: the muted user's threads leave the server-rendered list, which stays full", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db, { username: "loud_poster" });
  const fine = await createUser(env.db, { username: "calm_poster" });
  const t0 = Date.now() - 1_000_000;
  const kept: string[] = [];
  // 2 x THREAD_PAGE.size + 10 threads, every other one the muted member's: the first page is still THREAD_PAGE.size threads.
  for (let i = 0; i < 2 * THREAD_PAGE.size + 10; i++) {
    const title = `Topic number ${i}`;
    await makeThread(env.db, { userId: i % 2 ? noisy.id : fine.id, title, createdAt: t0 + i * 1000 });
    if (!(i % 2)) kept.unshift(title);
  }
  const cookie = await loginCookie(env.db, me.id);
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "loud_poster" } }), 201);
  const page = await html(env, "/forum", cookie);
  const shown = page.slice(page.indexOf('data-island="Forum"'), page.indexOf('data-island-props="Toaster"'));
  const titles = [...shown.matchAll(/data-testid="thread-title"[^>]*>([^<]+)</g)].map((m) => m[1]);
  assert.deepEqual(titles, kept.slice(0, THREAD_PAGE.size), "a full first page of the kept threads, newest first");
  assert.ok(!shown.includes("loud_poster"), "no thread of the muted member");
  // The next page (the island's load-more) continues where the server page ended.
  const more = await json(
    await env.request(`/api/forum/threads?limit=${THREAD_PAGE.size}&offset=${THREAD_PAGE.size}&sortBy=newest`, { cookie }),
  );
  assert.deepEqual(more.map((t: { title: string }) => t.title), kept.slice(THREAD_PAGE.size));
  // A member without mutes sees the muted member's threads.
  const other = await loginCookie(env.db, fine.id);
  assert.ok((await html(env, "/forum", other)).includes("loud_poster"));
});

Deno.test("[api][page] search paging for a muting member: every page is full and holds each kept item once", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const owner = await createUser(env.db);
  const t0 = Date.now() - 10_000_000;
  const kept: number[] = [];
  const muted: number[] = [];
  // 2 x SEARCH_PAGE_SIZE + 12 kept items and as many muted ones (by tag), interleaved: pages of 48, 48, 12.
  const keptCount = 2 * SEARCH_PAGE_SIZE + 12;
  for (let i = 0; i < 2 * keptCount; i++) {
    const row = await createMedia(env.db, {
      userId: owner.id,
      title: `beacon ${i}`,
      tags: i % 2 ? "sea, Spiders" : "sea",
      categoryId: 1,
      createdAt: t0 + i * 1000,
    });
    (i % 2 ? muted : kept).push(row.id);
  }
  const cookie = await loginCookie(env.db, me.id);
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "spiders" } }), 201);
  const seenApi: number[] = [];
  const seenPage: number[] = [];
  for (let page = 1; page <= 3; page++) {
    const api = (await json(await env.request(`/api/search?q=beacon&page=${page}`, { cookie }))).map((i: { id: number }) => i.id);
    assert.equal(api.length, page < 3 ? SEARCH_PAGE_SIZE : 12, `API page ${page}`);
    seenApi.push(...api);
    const body = await html(env, `/search?q=beacon&page=${page}`, cookie);
    const grid = body.slice(body.indexOf('data-testid="search-grid"'));
    const ids = cardIds(grid);
    assert.deepEqual(ids, api, `page ${page} shows what the API gives`);
    assert.equal(body.includes('rel="next"'), page < 3, `page ${page} Next link`);
    if (page === 1) assert.match(body, new RegExp(`${keptCount} results`), "the count leaves muted items out");
    seenPage.push(...ids);
  }
  for (const seen of [seenApi, seenPage]) {
    assert.deepEqual([...seen].sort((a, b) => a - b), [...kept].sort((a, b) => a - b));
    assert.ok(!seen.some((id) => muted.includes(id)));
  }
  // Another member gets every match.
  const other = await loginCookie(env.db, owner.id);
  assert.equal((await json(await env.request("/api/search?q=beacon&page=3", { cookie: other }))).length, SEARCH_PAGE_SIZE);
});

Deno.test("[page] the home page for a muting member: the first screen's cards leave the muted items out and stay full", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db, { username: "noisy_home" });
  const fine = await createUser(env.db);
  const t0 = Date.now() - 1_000_000;
  const kept: number[] = [];
  for (let i = 0; i < 40; i++) {
    const row = await createMedia(env.db, {
      userId: i % 2 ? noisy.id : fine.id,
      title: `home ${i}`,
      categoryId: 1,
      createdAt: t0 + i * 1000,
    });
    if (!(i % 2)) kept.unshift(row.id);
  }
  const cookie = await loginCookie(env.db, me.id);
  const before = cardIds(await html(env, "/?sortBy=newest", cookie));
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "noisy_home" } }), 201);
  const after = cardIds(await html(env, "/?sortBy=newest", cookie));
  assert.equal(after.length, before.length, "as many cards as before the mute");
  assert.deepEqual(after, kept.slice(0, after.length), "the newest kept items, in order");
});

Deno.test("[page] search after a mute made on page 1: Next with after= starts right after the last card still shown, none skipped", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db, { username: "noisy_comets" });
  const fine = await createUser(env.db);
  const t0 = Date.now() - 10_000_000;
  // 130 matches, every third one the muted uploader's: page 1 loses 16 cards to the mute.
  for (let i = 0; i < 130; i++) {
    await createMedia(env.db, { userId: i % 3 ? fine.id : noisy.id, title: `comet ${i}`, categoryId: 1, createdAt: t0 + i * 1000 });
  }
  const noisyIds = new Set((await json(await env.request("/api/search?q=noisy_comets"))).map((i: { id: number }) => i.id));
  assert.equal(noisyIds.size, 44);
  const cookie = await loginCookie(env.db, me.id);
  const page1 = cardIds((await html(env, "/search?q=comet", cookie)).split('data-testid="search-grid"')[1]);
  assert.equal(page1.length, SEARCH_PAGE_SIZE);
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "noisy_comets" } }), 201);
  // What the island does: the last card still shown names where the next page starts.
  const last = page1.filter((id) => !noisyIds.has(id)).at(-1)!;
  const order: number[] = [];
  for (let p = 1; p <= 2; p++) {
    order.push(...(await json(await env.request(`/api/search?q=comet&page=${p}`, { cookie }))).map((i: Item) => i.id));
  }
  const expected = order.slice(order.indexOf(last) + 1, order.indexOf(last) + 1 + SEARCH_PAGE_SIZE);
  assert.equal(expected.length, SEARCH_PAGE_SIZE);
  const body = await html(env, `/search?q=comet&page=2&after=${last}`, cookie);
  assert.deepEqual(cardIds(body.split('data-testid="search-grid"')[1]), expected);
  // Without the cursor the page by number skips the items that moved up onto page 1.
  const plain = cardIds((await html(env, "/search?q=comet&page=2", cookie)).split('data-testid="search-grid"')[1]);
  assert.notDeepEqual(plain, expected);
  assert.ok(expected.slice(0, 16).every((id) => !plain.includes(id)), "the plain page 2 skipped them");
  // This page goes on from its own last item.
  assert.ok(body.includes(`&amp;after=${expected.at(-1)}`) || body.includes(`after=${expected.at(-1)}`), "Next names the last card");
  // An id that is not on the pages before shows the plain page; a bad one is refused.
  assert.deepEqual(cardIds((await html(env, "/search?q=comet&page=2&after=999999", cookie)).split('data-testid="search-grid"')[1]), plain);
  assert.equal((await env.request("/search?q=comet&page=2&after=x1", { cookie })).status, 400);
});
