import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Island } from "../components/Island.tsx";
import { manifest } from "../lib/render/assets.ts";
import { createUser, makeTestEnv } from "./_helpers.ts";

const PATHS = [
  "/",
  "/auth",
  "/api/user",
  "/no-such-page",
  "/api/no-such-endpoint",
  "/static/favicon.svg",
  "/uploads/v/0123456789abcdef.mp4",
];

function assertBaseHeaders(res: Response, path: string) {
  const h = res.headers;
  assert.equal(h.get("x-content-type-options"), "nosniff", path);
  assert.ok(h.get("referrer-policy"), `${path} Referrer-Policy`);
  const csp = h.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/, `${path} script nonce`);
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, path);
  assert.match(csp, /object-src 'none'/, path);
  assert.match(csp, /base-uri 'none'/, path);
  return csp;
}

Deno.test("[headers] every response carries nosniff, Referrer-Policy and a strict CSP; no HSTS over http", async () => {
  await using env = await makeTestEnv();
  for (const path of PATHS) {
    const res = await env.request(path);
    await res.body?.cancel();
    const csp = assertBaseHeaders(res, path);
    assert.match(csp, /frame-ancestors 'none'/, path);
    assert.equal(res.headers.get("strict-transport-security"), null, path);
  }
  // Writes too, including refused ones.
  const res = await env.request("/api/login", { json: { username: "nobody", password: "wrong-pass" } });
  await res.body?.cancel();
  assertBaseHeaders(res, "POST /api/login");
});

Deno.test("[headers] each page gets its own nonce, and its scripts carry it", async () => {
  await using env = await makeTestEnv();
  const a = await env.request("/auth");
  const b = await env.request("/auth");
  const nonceOf = (r: Response) => r.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
  assert.notEqual(nonceOf(a), nonceOf(b));
  const html = await a.text();
  await b.body?.cancel();
  // Island props travel in JSON data blocks, which browsers never run; every runnable script has the nonce.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((t) => !t.includes('type="application/json"'));
  assert.ok(scripts.length > 0, "the auth page has islands");
  for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonceOf(a)}"`), tag);
});

Deno.test("[headers] /embed/* may be framed by other sites; nothing else may", async () => {
  await using env = await makeTestEnv();
  const res = await env.request("/embed/1");
  await res.body?.cancel();
  const csp = assertBaseHeaders(res, "/embed/1");
  assert.doesNotMatch(csp, /frame-ancestors 'none'/);
  assert.equal(res.headers.get("x-frame-options"), null);
  const home = await env.request("/");
  await home.body?.cancel();
  assert.equal(home.headers.get("x-frame-options"), "DENY");
});

Deno.test("[headers] an https SITE_URL adds HSTS and a __Host- session cookie marked Secure", async () => {
  const site = "https://dreams.example.com";
  await using env = await makeTestEnv({ SITE_URL: site });
  const user = await createUser(env.db);
  for (const path of PATHS) {
    const res = await env.request(path);
    await res.body?.cancel();
    assert.match(res.headers.get("strict-transport-security") ?? "", /max-age=\d{7,}/, path);
  }
  const login = await env.request("/api/login", { json: { username: user.username, password: user.password }, headers: { origin: site } });
  assert.equal(login.status, 200, await login.clone().text());
  await login.body?.cancel();
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("__Host-dr_session="));
  assert.ok(cookie, login.headers.getSetCookie().join(" | "));
  assert.match(cookie, /;\s*Secure/i);
  assert.match(cookie, /;\s*HttpOnly/i);
  assert.match(cookie, /;\s*Path=\//i);
  assert.match(cookie, /;\s*SameSite=Lax/i);
  assert.doesNotMatch(cookie, /Domain=/i);
});

Deno.test("[headers] plain http gets the unprefixed cookie without Secure", async () => {
  await using env = await makeTestEnv();
  const user = await createUser(env.db);
  const login = await env.request("/api/login", { json: { username: user.username, password: user.password } });
  assert.equal(login.status, 200);
  await login.body?.cancel();
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("dr_session="));
  assert.ok(cookie);
  assert.doesNotMatch(cookie, /Secure/i);
});

Deno.test("[page] island props JSON cannot close a tag or a script", () => {
  const evil = `</script><script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
  const Show = (p: { text: string }) => createElement("span", null, p.text);
  const html = renderToString(createElement(Island<{ text: string }>, { name: "Toaster", component: Show, props: { text: evil } }));
  assert.ok(!html.includes("</script><script>"), html);
  assert.ok(!html.includes("<img"), html);
  const data = html.match(/<script type="application\/json" data-island-props="Toaster">([^]*?)<\/script>/)![1];
  assert.ok(!data.includes("<"), data);
  assert.deepEqual(JSON.parse(data), { text: evil });
});

Deno.test("[page] an unknown page answers 404 with the spec's title; an unknown API path answers JSON 404", async () => {
  await using env = await makeTestEnv();
  const res = await env.request("/definitely/not/here");
  assert.equal(res.status, 404);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.match(await res.text(), /404 Page Not Found/);
  const api = await env.request("/api/definitely-not-here");
  assert.equal(api.status, 404);
  assert.match(api.headers.get("content-type") ?? "", /application\/json/);
  assert.ok(typeof (await api.json()).error === "string");
});

Deno.test("[static] path traversal is refused (400 or 404) and never leaks a file", async () => {
  await using env = await makeTestEnv();
  for (
    const path of [
      "/static/../deno.json",
      "/static/%2e%2e/deno.json",
      "/static/%2E%2E/%2E%2E/deno.json",
      "/static/build/..%2f..%2fdeno.json",
      "/static/..%5cdeno.json",
      "/static/.%2e/deno.json",
      "/static/%00deno.json",
      "/static/.gitignore",
      "/uploads/v/..%2f..%2fdreamreel.db",
      "/uploads/%2e%2e/dreamreel.db",
    ]
  ) {
    const res = await env.request(path);
    const body = await res.text();
    assert.ok(res.status === 400 || res.status === 404, `${path} -> ${res.status}`);
    assert.ok(!body.includes("nodeModulesDir") && !body.includes("SQLite format"), path);
  }
});

Deno.test("[static] hashed assets are immutable and brotli-encoded when asked; others are not immutable", async () => {
  await using env = await makeTestEnv();
  const { css, client } = manifest();
  for (const href of [css, client]) {
    const res = await env.request(href, { headers: { "accept-encoding": "br, gzip" } });
    assert.equal(res.status, 200, href);
    assert.match(res.headers.get("cache-control") ?? "", /max-age=31536000.*immutable|immutable.*max-age=31536000/, href);
    assert.equal(res.headers.get("content-encoding"), "br", href);
    assert.match(res.headers.get("vary") ?? "", /accept-encoding/i, href);
    await res.body?.cancel();
    const plain = await env.request(href);
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.ok((await plain.text()).length > 100);
  }
  const favicon = await env.request("/static/favicon.svg");
  assert.equal(favicon.status, 200);
  assert.doesNotMatch(favicon.headers.get("cache-control") ?? "", /immutable/);
  await favicon.body?.cancel();
});

/** The directives of a CSP header, by name. */
const directives = (csp: string) => new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...v]) => [name, v]));

Deno.test("[headers] with AD_CLIENT_ID the home page gets Google's strict CSP for the ad tag; other pages keep ours (issue 36 point 18)", async () => {
  await using env = await makeTestEnv({ AD_CLIENT_ID: "ca-pub-1234567890", PAGE_CACHE_SECONDS: "2" });
  const home = await env.request("/", { ageCookie: true });
  const csp = directives(home.headers.get("content-security-policy")!);
  const nonce = csp.get("script-src")![0].match(/^'nonce-([^']+)'$/)![1];
  // Google's documented script-src, as written; no host list (Google supports none).
  assert.deepEqual(csp.get("script-src"), [`'nonce-${nonce}'`, "'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", "https:", "http:"]);
  // What that policy leaves open: the ad's frames, images and beacons, from hosts Google does not list.
  for (const name of ["frame-src", "img-src", "connect-src"]) assert.ok(csp.get(name)!.includes("https:"), name);
  assert.deepEqual(csp.get("connect-src"), ["'self'", "https:"]);
  assert.deepEqual([csp.get("object-src"), csp.get("base-uri"), csp.get("frame-ancestors")], [["'none'"], ["'none'"], ["'none'"]]);
  // Every runnable script of the page, the ad tag first, carries this response's nonce.
  const html = await home.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((t) => !t.includes('type="application/json"'));
  assert.ok(scripts.some((t) => t.includes("pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890")));
  assert.ok(scripts.some((t) => t.includes('type="module"')), "the islands' script");
  for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
  // So the page cache never hands the page (and its nonce) to a second visitor.
  const again = await env.request("/", { ageCookie: true });
  await again.body?.cancel();
  assert.equal(again.headers.get("age"), null);
  assert.notEqual(directives(again.headers.get("content-security-policy")!).get("script-src")![0], `'nonce-${nonce}'`);
  // Pages without the ad tag keep the strict policy.
  for (const path of ["/forum", "/auth", "/api/content/feed"]) {
    const res = await env.request(path);
    await res.body?.cancel();
    // The feed's JSON may be shared by the page cache, so it has no nonce: read its header as it is.
    const other = directives(path.startsWith("/api/") ? res.headers.get("content-security-policy")! : assertBaseHeaders(res, path));
    assert.deepEqual(other.get("connect-src"), ["'self'"], path);
    assert.ok(!other.get("script-src")!.includes("'strict-dynamic'"), path);
  }
});

Deno.test("[headers] without AD_CLIENT_ID the home page allows no ad host and no https: wildcard", async () => {
  await using env = await makeTestEnv();
  const res = await env.request("/");
  await res.body?.cancel();
  const csp = assertBaseHeaders(res, "/");
  assert.doesNotMatch(csp, /googlesyndication|doubleclick|strict-dynamic| https:(;|$| )/);
});
