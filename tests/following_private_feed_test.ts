/**
 * The private feed of the Following tab (issue 32 point 3): /profile shows `/feeds/following/{token}.xml`,
 * RSS or Atom (read by fast-xml-parser) lists what the tab lists, and a new address makes the old one 404.
 */
import assert from "node:assert/strict";
import { XMLParser } from "fast-xml-parser";
import * as R from "../lib/render/api_responses.ts";
import { createMedia, errorOf, json, makeTestEnv, ORIGIN, signedInMember, type TestEnv } from "./_helpers.ts";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

async function profileFeedPath(env: TestEnv, cookie: string): Promise<string> {
  const html = await (await env.request("/profile", { cookie })).text();
  const m = html.match(/http:\/\/localhost:8000(\/feeds\/following\/[A-Za-z0-9_-]{43}\.xml)/);
  assert.ok(m, "the profile shows the feed's address");
  return m[1];
}

Deno.test("[feeds] /profile shows the Following feed's private address; its RSS and Atom list what the tab lists", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const [b, c, stranger] = [await signedInMember(env.db), await signedInMember(env.db), await signedInMember(env.db)];
  const t0 = Date.now() - 1_000_000;
  const made: { id: number }[] = [];
  for (let i = 0; i < 4; i++) {
    const type = i % 2 ? "video" : "image";
    made.push(
      await createMedia(env.db, {
        userId: i < 2 ? b.id : c.id,
        title: `item ${i}`,
        contentType: type,
        fileKey: i % 2 ? "v/x.mp4" : "i/x.png",
        tags: i === 2 ? "loud" : "calm",
        createdAt: t0 + i * 1000,
      }),
    );
  }
  await createMedia(env.db, { userId: stranger.id, title: "not followed", createdAt: t0 + 9000 });
  for (const u of [b, c]) await json(await env.request(`/api/users/${u.id}/follow`, { method: "POST", cookie: me.cookie }));
  await json(await env.request("/api/user/mutes", { cookie: me.cookie, json: { type: "tag", value: "loud" } }), 201);
  const path = await profileFeedPath(env, me.cookie);
  assert.equal(await profileFeedPath(env, me.cookie), path, "the same address on every visit");

  const res = await env.request(path);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /application\/rss\+xml/);
  assert.equal(res.headers.get("cache-control"), "private, max-age=300");
  assert.equal(res.headers.get("x-robots-tag"), "noindex");
  const rss = parser.parse(await res.text());
  const links = list<{ link: string }>(rss.rss.channel.item).map((i) => i.link);
  // Newest published first, both streams together; the muted tag and the stranger left out.
  assert.deepEqual(links, [3, 1, 0].map((i) => `${ORIGIN}/media/item-${i}-${made[i].id}`));
  assert.match(rss.rss.channel.title, /following/);

  const atomRes = await env.request(`${path}?format=atom`);
  assert.match(atomRes.headers.get("content-type")!, /application\/atom\+xml/);
  const atom = parser.parse(await atomRes.text());
  const atomLinks = list<{ link: { "@href": string } | { "@href": string }[] }>(atom.feed.entry)
    .map((e) => list(e.link)[0]["@href"]);
  assert.deepEqual(atomLinks, links);

  const again = await env.request(path, { headers: { "if-none-match": res.headers.get("etag")! } });
  assert.equal(again.status, 304);
});

Deno.test("[feeds] a new address makes the old one 404; unknown, malformed and banned members' addresses are 404; members only", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const me = await signedInMember(env.db);
  const old = await profileFeedPath(env, me.cookie);
  assert.equal((await env.request(old)).status, 200);
  const made = await json(await env.request("/api/user/following-feed/token", { method: "POST", cookie: me.cookie }));
  assert.ok(R.FeedUrl.safeParse(made).success);
  const fresh = new URL(made.url).pathname;
  assert.match(fresh, /^\/feeds\/following\/[A-Za-z0-9_-]{43}\.xml$/);
  assert.notEqual(fresh, old);
  await errorOf(await env.request(old), 404, "No such feed");
  assert.equal((await env.request(fresh)).status, 200);
  assert.equal(await profileFeedPath(env, me.cookie), fresh);
  for (const bad of ["abc", "A".repeat(43), "A".repeat(44), "..%2F..%2Fx"]) {
    await errorOf(await env.request(`/feeds/following/${bad}.xml`), 404);
  }
  // A name that is nothing once its control character is dropped is a 400, as on every feed.
  await errorOf(await env.request("/feeds/following/%00.xml"), 400);
  await errorOf(await env.request("/api/user/following-feed/token", { method: "POST" }), 401);
  const cross = await env.request("/api/user/following-feed/token", {
    method: "POST",
    cookie: me.cookie,
    headers: { origin: "https://evil.example" },
  });
  assert.equal(cross.status, 403);
  assert.equal((await env.request(fresh)).status, 200, "a refused request changed nothing");
  await json(await env.request(`/api/admin/users/${me.id}`, { method: "POST", cookie: admin.cookie }));
  await errorOf(await env.request(fresh), 404);
});
