/** Issue 13, points 2 and 7: the anonymous page cache never stores a member's page, and never shares a nonce. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { microCache } from "../lib/render/micro_cache.ts";
import { createMedia, createUser, loginCookie, makeTestEnv, testConfig } from "./_helpers.ts";

const env = await makeTestEnv({ PAGE_CACHE_SECONDS: "30" });
const member = await createUser(env.db, { username: "cache_member" });
const author = await createUser(env.db);
await createMedia(env.db, { userId: author.id, title: "Something to show" });

Deno.test.afterAll(() => env.close());

/** `/?sortBy=newest` never shuffles, so it never sets a cookie and is always cacheable for visitors. */
const PAGE = "/?sortBy=newest";

Deno.test("[cache] point 2: a session cookie written with a space before '=' is a session: the page is not stored for visitors", async () => {
  const token = (await loginCookie(env.db, member.id)).split("=")[1];
  for (
    const cookie of [
      `dr_session =${token}`,
      `dr_session= ${token}`,
      `other=1;  dr_session =${token}`,
      `"dr_session"=x; dr_session =${token}`,
    ]
  ) {
    const signedIn = await env.request(`${PAGE}&v=${encodeURIComponent(cookie)}`, { cookie });
    const html = await signedIn.text();
    assert.ok(html.includes("cache_member"), `rendered signed in for ${JSON.stringify(cookie)}`);
    const visitor = await env.request(`${PAGE}&v=${encodeURIComponent(cookie)}`);
    const visitorHtml = await visitor.text();
    assert.equal(visitorHtml.includes("cache_member"), false, `a visitor got the member's page (${JSON.stringify(cookie)})`);
    assert.equal(visitor.headers.get("age"), null);
  }
});

Deno.test("[cache] point 2: whatever the request looked like, a response rendered for a user is never stored", async () => {
  const config = testConfig({ PAGE_CACHE_SECONDS: "30" });
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("config", config);
    c.set("user", null);
    c.set("sessionHash", null);
    await next();
  });
  app.use(microCache(/^\/$/, 30));
  // Stands in for any way a session could be found that the cache's cookie check did not foresee.
  app.get("/", (c) => {
    c.set("user", { id: 7, username: "someone", email: null, isAdmin: false, role: "member", createdAt: 0, emailVerified: false });
    return c.text("Hello someone");
  });
  const first = await app.request("http://localhost:8000/", { headers: { cookie: "unforeseen=1" } });
  assert.equal(await first.text(), "Hello someone");
  const second = await app.request("http://localhost:8000/");
  assert.equal(second.headers.get("age"), null, "the member's response was stored");
  await second.body?.cancel();
});

/** Nonces a response's CSP allows, and whether each runnable script of its page is allowed by that CSP. */
function scriptCheck(res: Response, html: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";
  const nonces = [...scriptSrc.matchAll(/'nonce-([^']+)'/g)].map((m) => m[1]);
  const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(json|ld\+json)"/.test(m[1]));
  const blocked = tags.filter(([, attrs, body]) => {
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) return !(src.startsWith("/") || scriptSrc.includes(new URL(src).origin));
    const nonce = attrs.match(/\bnonce="([^"]+)"/)?.[1];
    return !(nonce && nonces.includes(nonce)) && body.length > 0;
  });
  return { nonces, blocked: blocked.map((m) => m[0].slice(0, 120)), scripts: tags.length };
}

Deno.test("[cache] point 7: a cached page does not hand one visitor's nonce to the next, and its scripts still run", async () => {
  const first = await env.request("/?sortBy=popular");
  const firstHtml = await first.text();
  const second = await env.request("/?sortBy=popular");
  const secondHtml = await second.text();
  assert.match(second.headers.get("age") ?? "", /^\d+$/, "the second visitor got the stored page");
  const a = scriptCheck(first, firstHtml);
  const b = scriptCheck(second, secondHtml);
  for (const n of a.nonces) assert.equal(b.nonces.includes(n), false, `nonce ${n} served to two visitors`);
  assert.ok(a.scripts > 0, "the home page has islands");
  assert.deepEqual(a.blocked, [], "every script of the page is allowed by its own CSP");
  assert.deepEqual(b.blocked, [], "every script of the cached page is allowed by its CSP");
  // Members' pages are never shared: they keep a fresh nonce each.
  const cookie = await loginCookie(env.db, member.id);
  const m1 = await env.request("/?sortBy=popular", { cookie });
  const m2 = await env.request("/?sortBy=popular", { cookie });
  const [n1, n2] = [scriptCheck(m1, await m1.text()), scriptCheck(m2, await m2.text())];
  assert.equal(n1.nonces.length, 1);
  assert.notEqual(n1.nonces[0], n2.nonces[0]);
});
