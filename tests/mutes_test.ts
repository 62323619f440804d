/**
 * Per-viewer mutes (issue 25): the API (and its bad inputs), then a muting member's feed (every
 * page full, every sort), featured slot, search (API and page) and related list leave the muted
 * tag's, user's and generator's items out on the server, while other viewers still see them.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";

type Item = { id: number; uploaderId: number; tags: string; aiGenerator: string };

Deno.test("[api] mutes: add, list, undo, and the bad inputs", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const other = await createUser(env.db, { username: "noisy_one" });
  const cookie = await loginCookie(env.db, me.id);
  await errorOf(await env.request("/api/user/mutes"), 401);
  await errorOf(await env.request("/api/user/mutes", { json: { type: "tag", value: "x" } }), 401);
  await errorOf(await env.request("/api/user/mutes", { cookie, json: { type: "colour", value: "x" } }), 400);
  await errorOf(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "  " } }), 400);
  await errorOf(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "x".repeat(101) } }), 400);
  await errorOf(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "nobody_here" } }), 404);
  await errorOf(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: String(me.id) } }), 400);

  assert.equal((await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "#Gore" } })).status, 201);
  assert.equal((await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "gore" } })).status, 200); // already muted
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: "Noisy_One" } }), 201);
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "generator", value: "Sora" } }), 201);
  assert.deepEqual(await json(await env.request("/api/user/mutes", { cookie })), [
    { type: "generator", value: "sora", label: "sora" },
    { type: "tag", value: "gore", label: "gore" },
    { type: "user", value: String(other.id), label: "noisy_one" },
  ]);
  await json(await env.request("/api/user/mutes/tag/gore", { cookie, method: "DELETE" }));
  await errorOf(await env.request("/api/user/mutes/tag/gore", { cookie, method: "DELETE" }), 404);
  await errorOf(await env.request("/api/user/mutes/colour/red", { cookie, method: "DELETE" }), 400);
  await json(await env.request(`/api/user/mutes/user/${other.id}`, { cookie, method: "DELETE" }));
  assert.deepEqual((await json(await env.request("/api/user/mutes", { cookie }))).map((m: { type: string }) => m.type), ["generator"]);
});

Deno.test("[api] a muting member's feed, featured slot, search and related list leave muted items out, pages still full", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db);
  const fine = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const t0 = Date.now() - 1_000_000;
  const ids: Record<string, number[]> = { kept: [], muted: [] };
  // 30 images: every other one muted, by user, by tag or by generator in turn.
  for (let i = 0; i < 30; i++) {
    const kind = i % 2 ? "kept" : ["user", "tag", "generator"][(i / 2) % 3];
    const row = await createMedia(env.db, {
      userId: kind === "user" ? noisy.id : fine.id,
      title: `lighthouse ${i}`,
      tags: kind === "tag" ? "sea, Gore" : "sea",
      aiGenerator: kind === "generator" ? "Sora" : "Flux",
      categoryId: 1,
      createdAt: t0 + i * 1000,
    });
    ids[kind === "kept" ? "kept" : "muted"].push(row.id);
  }
  await env.db.update(media).set({ featured: true }).where(eq(media.id, ids.muted[0]));
  for (const [type, value] of [["user", String(noisy.id)], ["tag", "gore"], ["generator", "sora"]]) {
    await json(await env.request("/api/user/mutes", { cookie, json: { type, value } }), 201);
  }
  // The feed at 2 columns: 4 images a page; 15 kept items make pages of 4, 4, 4, 3 in every sort.
  for (const sort of ["newest", "trending", "popular"]) {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await json(await env.request(`/api/content/feed?page=${page}&columnCount=2&sortBy=${sort}`, { cookie }));
      const got = body.content.images.map((i: Item) => i.id);
      assert.equal(got.length, page < 4 ? 4 : 3, `${sort} page ${page}`);
      assert.equal(body.content.hasMore, page < 4, `${sort} page ${page} hasMore`);
      if (page === 1) assert.equal(body.featured.video, null, "a muted featured item leaves the slot");
      seen.push(...got);
    }
    assert.deepEqual(seen.sort(), [...ids.kept].sort(), sort);
  }
  // Another member still sees everything, the featured item included.
  const other = await loginCookie(env.db, fine.id);
  const theirs = await json(await env.request(`/api/content/feed?page=1&columnCount=2&sortBy=newest`, { cookie: other }));
  assert.equal(theirs.featured.video.id, ids.muted[0]);

  const found = await json(await env.request("/api/search?q=lighthouse", { cookie }));
  assert.deepEqual(found.map((i: Item) => i.id).sort(), [...ids.kept].sort());
  assert.equal((await json(await env.request("/api/search?q=lighthouse", { cookie: other }))).length, 30);
  const page = await (await env.request("/search?q=lighthouse", { cookie })).text();
  for (const id of ids.muted) assert.ok(!page.includes(`/media/lighthouse-${id}"`), `search page shows ${id}`);
  assert.ok(page.includes(`lighthouse-${ids.kept[0]}`));

  const detail = await (await env.request(`/media/${ids.kept[3]}`, { cookie })).text();
  const related = [...detail.matchAll(/\/media\/lighthouse-\d+-(\d+)|\/media\/lighthouse-(\d+)/g)].map((m) => Number(m[1] ?? m[2]));
  assert.ok(related.length > 0);
  for (const id of ids.muted) assert.ok(!related.includes(id), `related shows ${id}`);
});

Deno.test("[api] a muted user's forum threads leave the muting member's list, pages still full", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const noisy = await createUser(env.db);
  const fine = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const post = async (userId: number, i: number) => {
    const c = await loginCookie(env.db, userId);
    return (await json(
      await env.request("/api/forum/threads", {
        cookie: c,
        json: { title: `Thread number ${i}`, content: "Some words here.", categoryId: 1 },
      }),
      201,
    )).id as number;
  };
  const kept: number[] = [];
  for (let i = 0; i < 12; i++) {
    const id = await post(i % 2 ? fine.id : noisy.id, i);
    if (i % 2) kept.push(id);
  }
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "user", value: String(noisy.id) } }), 201);
  const page1 = await json(await env.request("/api/forum/threads?limit=4&offset=0&sortBy=newest", { cookie }));
  const page2 = await json(await env.request("/api/forum/threads?limit=4&offset=4&sortBy=newest", { cookie }));
  assert.equal(page1.length, 4);
  assert.equal(page2.length, 2);
  assert.deepEqual([...page1, ...page2].map((t: { id: number }) => t.id).sort(), [...kept].sort());
  assert.equal((await json(await env.request("/api/forum/threads?limit=20&offset=0"))).length, 12);
});
