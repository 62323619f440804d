import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv({ PAGE_CACHE_SECONDS: "30" });
const owner = await createUser(env.db);
await createMedia(env.db, { userId: owner.id, title: "Already there" });

Deno.test("[cache] anonymous home and feed pages are served from the short cache; members always get a fresh page", async () => {
  // 30% of fresh home renders are shuffled, set a cookie and so are never stored: ask until one is stored.
  let first = await env.request("/");
  for (let i = 0; i < 30 && first.headers.getSetCookie().length; i++) {
    await first.body?.cancel();
    first = await env.request("/");
  }
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("age"), null);
  assert.deepEqual(first.headers.getSetCookie(), []);
  const firstHtml = await first.text();
  const second = await env.request("/");
  assert.match(second.headers.get("age") ?? "", /^\d+$/, "a hit says how old it is");
  assert.ok(second.headers.get("content-security-policy"), "stored with its headers");
  assert.equal(await second.text(), firstHtml);

  const titles = async (res: Response) => (await res.json()).content.images.map((i: { title: string }) => i.title);
  assert.deepEqual(await titles(await env.request("/api/content/feed?sortBy=newest")), ["Already there"]);
  await createMedia(env.db, { userId: owner.id, title: "Brand new arrival" });
  const cached = await env.request("/api/content/feed?sortBy=newest");
  assert.match(cached.headers.get("age") ?? "", /^\d+$/);
  assert.deepEqual(await titles(cached), ["Already there"], "anonymous visitors may see it a moment late");
  const member = await createUser(env.db);
  const fresh = await env.request("/api/content/feed?sortBy=newest", { cookie: await loginCookie(env.db, member.id) });
  assert.deepEqual(await titles(fresh), ["Brand new arrival", "Already there"], "a member sees it at once");
  const otherSort = await env.request("/api/content/feed?sortBy=oldest");
  assert.equal(otherSort.headers.get("age"), null, "the query is part of the key");
  await otherSort.body?.cancel();
});

Deno.test("[cache] responses that set a cookie, and requests with a session or flash cookie, are never cached", async () => {
  for (let i = 0; i < 2; i++) {
    const seeded = await env.request("/?shuffleSeed=abc123");
    assert.ok(seeded.headers.getSetCookie().some((c) => c.startsWith("dr_seed=")));
    assert.equal(seeded.headers.get("age"), null);
    await seeded.body?.cancel();
  }
  for (const cookie of ["dr_flash=logout", "dr_session=whatever"]) {
    await (await env.request("/api/content/feed?page=1", { cookie })).body?.cancel();
    const again = await env.request("/api/content/feed?page=1", { cookie });
    assert.equal(again.headers.get("age"), null, cookie);
    await again.body?.cancel();
  }
  const gzip = await env.request("/api/content/feed?sortBy=popular", { headers: { "accept-encoding": "gzip" } });
  await gzip.body?.cancel();
  const plain = await env.request("/api/content/feed?sortBy=popular");
  assert.equal(plain.headers.get("age"), null, "each encoding has its own entry");
  assert.equal(plain.headers.get("content-encoding"), null);
  await plain.body?.cancel();
});

Deno.test.afterAll(() => env.close());
