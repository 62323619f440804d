import assert from "node:assert/strict";
import { mediaSlug } from "../lib/media/slug.ts";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

// AGE_GATE is on by default; `ageCookie: false` asks as a visitor who has not answered yet.
const env = await makeTestEnv();
const owner = await createUser(env.db);
const item = await createMedia(env.db, { userId: owner.id, title: "Gate test item" });
const fresh = { ageCookie: false } as const;

const FORM = "application/x-www-form-urlencoded";
const post = (body: string, headers: Record<string, string> = {}) =>
  env.request("/age-gate", { method: "POST", body, headers: { "content-type": FORM, ...headers }, ...fresh });

/** The gate's parts, as a fresh visitor gets them, for the page at `path`. */
async function assertGated(path: string, next = path) {
  const res = await env.request(path, fresh);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/, path);
  const html = await res.text();
  const gate = html.match(/<div id="age-gate"[\s\S]*?<\/form>/)?.[0] ?? "";
  assert.ok(gate, `${path}: the gate`);
  const form = gate.match(/<form[^>]*>/)?.[0] ?? "";
  assert.ok(form.includes('method="post"') && form.includes('action="/age-gate"'), form);
  assert.ok(gate.includes(`<input type="hidden" name="next" value="${next.replaceAll("&", "&amp;")}"/>`), `${path}: next`);
  assert.match(gate, /<button type="submit"[^>]*>Yes, I am 18 or older<\/button>/);
  assert.match(gate, /<a href="\/access-denied"[^>]*>No, I am under 18<\/a>/);
  assert.match(html, /<div id="app" class="[^"]*" inert="">/, "the page under it is inert");
  assert.match(html, /class="fixed inset-0 /, "a fixed overlay: no layout shift");
  assert.doesNotMatch(html, /<script[^>]*\bsrc=/, "no island code loads under the gate");
  assert.doesNotMatch(html, /data-island-props/, "no island props either");
  return html;
}

async function assertNotGated(path: string, init: Parameters<typeof env.request>[1] = fresh) {
  const res = await env.request(path, init);
  const body = await res.text();
  assert.ok(!body.includes('id="age-gate"'), `${path}: no gate`);
  assert.doesNotMatch(body, /<div id="app"[^>]*inert/, path);
  return res;
}

Deno.test("[gate] a fresh visitor gets the gate over /, /media/{id}, /search, /auth (where /my-videos sends them) and the not-found page", async () => {
  const home = await assertGated("/");
  assert.ok(home.includes("Gate test item"), "the page is still there under the gate (for search engines too)");
  await assertGated(`/media/${mediaSlug(item.title, item.id)}`);
  await assertGated(`/media/${item.id}`);
  await assertGated("/search?q=gate&type=videos");
  // /my-videos sends visitors to /auth, which has the gate.
  const myVideos = await env.request("/my-videos", { ...fresh, redirect: "manual" });
  assert.equal(myVideos.status, 302);
  assert.equal(myVideos.headers.get("location"), "/auth?next=%2Fmy-videos");
  await assertGated("/auth");
  await assertGated("/auth?tab=register");
  await assertGated("/no-such-page");
});

Deno.test("[gate] never on the legal pages, /access-denied, password reset, embeds, the APIs, files, robots.txt or sitemap.xml", async () => {
  for (const path of ["/terms-of-service", "/privacy-policy", "/faq", "/data-deletion", "/access-denied"]) {
    const res = await assertNotGated(path);
    assert.equal(res.status, 200, path);
  }
  // Built by the password-reset work; exempt by path whether or not the page exists yet.
  await assertNotGated("/forgot-password");
  await assertNotGated("/reset-password?token=abc");
  const embed = await assertNotGated(`/embed/${item.id}`);
  assert.equal(embed.status, 200);
  const api = await assertNotGated("/api/user");
  assert.equal(api.status, 401);
  const feed = await env.request("/api/content/feed", fresh);
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get("content-type") ?? "", /application\/json/);
  await feed.body?.cancel();
  for (const path of ["/robots.txt", "/sitemap.xml", "/static/favicon.svg", "/api/pages/faq"]) {
    const res = await assertNotGated(path);
    assert.equal(res.status, 200, path);
  }
});

Deno.test("[gate] with the cookie, or signed in, no page shows it; a member's page remembers the answer", async () => {
  const res = await assertNotGated("/", { cookie: "dr_age=1", ageCookie: false });
  assert.equal(res.status, 200);
  const withScripts = await (await env.request("/", { cookie: "other=x; dr_age=1", ageCookie: false })).text();
  assert.match(withScripts, /<script type="module" src=/, "the islands load once past the gate");
  const wrongValue = await (await env.request("/", { cookie: "dr_age=0", ageCookie: false })).text();
  assert.ok(wrongValue.includes('id="age-gate"'), "dr_age=0 is no answer");

  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  for (const path of ["/", `/media/${item.id}`, "/search", "/my-videos"]) {
    const page = await assertNotGated(path, { cookie, ageCookie: false });
    assert.ok(page.headers.getSetCookie().some((c) => /^dr_age=1; Max-Age=31536000; Path=\/; SameSite=Lax$/.test(c)), path);
  }
  const already = await env.request("/", { cookie });
  assert.ok(!already.headers.getSetCookie().some((c) => c.startsWith("dr_age=")), "set only when missing");
  await already.body?.cancel();
});

Deno.test("[gate] POST /age-gate: 303 to a local next with a one-year cookie; anything else goes to /", async () => {
  const cases: [string, string][] = [
    [`/media/${item.id}?report=true`, `/media/${item.id}?report=true`],
    ["/search?q=a%20b&type=videos", "/search?q=a%20b&type=videos"],
    ["/", "/"],
    ["https://evil.example/", "/"],
    ["http://localhost:8000/search", "/"],
    ["//evil.example", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["javascript:alert(1)", "/"],
    ["evil.example", "/"],
    [" /search", "/"],
    ["", "/"],
    ["/" + "a".repeat(3000), "/"],
  ];
  for (const [next, location] of cases) {
    const res = await post(new URLSearchParams({ next }).toString());
    assert.equal(res.status, 303, JSON.stringify(next));
    assert.equal(res.headers.get("location"), location, JSON.stringify(next));
    const set = res.headers.getSetCookie().find((c) => c.startsWith("dr_age="));
    assert.equal(set, "dr_age=1; Max-Age=31536000; Path=/; SameSite=Lax", "one year, Lax, not Secure over http");
    assert.equal(res.headers.get("cache-control"), "no-store");
  }
  const noNext = await post("");
  assert.equal(noNext.status, 303);
  assert.equal(noNext.headers.get("location"), "/");
  const twoNext = await post("next=%2F%2Fevil.example&next=%2Fsearch");
  assert.equal(twoNext.headers.get("location"), "/", "the first next counts");
});

Deno.test("[gate] POST /age-gate refuses cross-origin posts (403), other bodies (415) and big ones (413), and sets no cookie", async () => {
  for (
    const headers of <Record<string, string>[]> [
      { origin: "http://evil.example" },
      { origin: "null" },
      { origin: "http://localhost:8000", "sec-fetch-site": "cross-site" },
    ]
  ) {
    const res = await post("next=%2F", headers);
    assert.equal(res.status, 403, JSON.stringify(headers));
    assert.deepEqual(await res.json(), { error: "Cross-site request refused" });
    assert.deepEqual(res.headers.getSetCookie().filter((c) => c.startsWith("dr_age=")), []);
  }
  const noOrigin = await env.app.request("http://localhost:8000/age-gate", {
    method: "POST",
    body: "next=%2F",
    headers: { "content-type": FORM },
  });
  assert.equal(noOrigin.status, 403, "neither Origin nor Sec-Fetch-Site");
  await noOrigin.body?.cancel();

  const json = await post(JSON.stringify({ next: "/" }), { "content-type": "application/json" });
  assert.equal(json.status, 415);
  assert.deepEqual(await json.json(), { error: "Content-Type must be application/x-www-form-urlencoded" });
  const big = await post(`next=/${"a".repeat(5000)}`);
  assert.equal(big.status, 413);
  assert.deepEqual(await big.json(), { error: "Request body too large" });
  assert.deepEqual(big.headers.getSetCookie().filter((c) => c.startsWith("dr_age=")), []);
  const chunked = await env.request("/age-gate", {
    method: "POST",
    headers: { "content-type": FORM },
    body: new Blob([`next=/${"a".repeat(9000)}`]).stream(),
    ...fresh,
  });
  assert.equal(chunked.status, 413, "a body without Content-Length is bounded while it is read");
  await chunked.body?.cancel();
});

Deno.test("[gate] the answer, then the page asked for, with no gate", async () => {
  const res = await post(`next=${encodeURIComponent(`/media/${item.id}`)}`);
  const cookie = res.headers.getSetCookie()[0].split(";")[0];
  const page = await assertNotGated(res.headers.get("location")!, { cookie, ageCookie: false });
  assert.equal(page.status, 200);
});

Deno.test.afterAll(() => env.close());

Deno.test("[gate] over https the cookie is Secure; AGE_GATE=false turns the gate off", async () => {
  await using secure = await makeTestEnv({ SITE_URL: "https://reels.example" });
  const res = await secure.request("/age-gate", {
    method: "POST",
    body: "next=%2F",
    headers: { "content-type": FORM, origin: "https://reels.example" },
    ageCookie: false,
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.getSetCookie()[0], "dr_age=1; Max-Age=31536000; Path=/; Secure; SameSite=Lax");

  await using off = await makeTestEnv({ AGE_GATE: "false" });
  const html = await (await off.request("/", { ageCookie: false })).text();
  assert.ok(!html.includes('id="age-gate"'));
  assert.doesNotMatch(html, /inert/);
});

Deno.test("[cache] the page cache keeps gated and answered home pages apart", async () => {
  await using cached = await makeTestEnv({ PAGE_CACHE_SECONDS: "30" });
  const hits = { gated: 0, answered: 0 };
  for (let round = 0; round < 6; round++) {
    for (const answered of [false, true, false, true]) {
      const res = await cached.request("/", { ageCookie: answered });
      if (res.headers.get("age") !== null) hits[answered ? "answered" : "gated"]++;
      const html = await res.text();
      assert.equal(html.includes('id="age-gate"'), !answered, `round ${round}, answered ${answered}`);
    }
  }
  assert.ok(hits.gated > 0 && hits.answered > 0, `both variants were served from the cache: ${JSON.stringify(hits)}`);
  // The cookie is read the way the renderer reads it (hono's parser), spaces and all.
  const spaced = await (await cached.request("/", { cookie: "a=1;  dr_age = 1", ageCookie: false })).text();
  assert.ok(!spaced.includes('id="age-gate"'));
});
