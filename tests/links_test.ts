/**
 * Every internal link a visitor, a member or an admin can follow answers: the crawler starts at /
 * on the demo site, follows each `<a href>` of the header, footer, account menu and pages (and the
 * redirects they lead to), and fails on any 4xx or 5xx.
 */
import assert from "node:assert/strict";
import { setLogLevel } from "../lib/log.ts";
import { DEMO_ACCOUNTS, seedDemo } from "../tasks/seed_demo.ts";
import { makeTestEnv, ORIGIN, sessionCookie, type TestEnv } from "./_helpers.ts";

setLogLevel("error");

const env = await makeTestEnv({ RATE_LOGIN_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" });
await seedDemo(env.config, env.db);
Deno.test.afterAll(() => env.close());

/** Pages of one shape (digits and slugs aside) are alike: a few of each are enough. */
const PER_SHAPE = 3;
const MAX_PAGES = 400;

const shapeOf = (path: string) => {
  const url = new URL(path, ORIGIN);
  const keys = [...url.searchParams.keys()].sort().join("&");
  return `${url.pathname.replace(/\/(media|user|embed)\/[^/]+/, "/$1/*").replace(/\d+/g, "N")}?${keys}`;
};

const decode = (href: string) => href.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

/** The internal links of a page, without their #fragment; fails on links no browser can follow. */
function linksOf(html: string, from: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decode(m[1]);
    assert.ok(!/^\s*javascript:/i.test(href), `${from} links to ${href}`);
    assert.notEqual(href.trim(), "", `${from} has a link with an empty href`);
    if (/^(mailto:|tel:|#)/.test(href)) continue;
    const url = new URL(href, `${ORIGIN}${from}`);
    if (url.origin !== ORIGIN) continue;
    out.push(url.pathname + url.search);
  }
  return out;
}

type Visit = { path: string; status: number; from: string };

/** Breadth-first from /, as `cookie` (a signed-in member) or a visitor; returns every answer. */
async function crawl(t: TestEnv, opts: { cookie?: string; ageCookie?: boolean } = {}): Promise<Visit[]> {
  const seen = new Set<string>();
  const shapes = new Map<string, number>();
  const queue: { path: string; from: string }[] = [{ path: "/", from: "(start)" }];
  const visits: Visit[] = [];
  while (queue.length && visits.length < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const shape = shapeOf(path);
    const n = shapes.get(shape) ?? 0;
    if (n >= PER_SHAPE) continue;
    shapes.set(shape, n + 1);
    const res = await t.request(path, { cookie: opts.cookie, ageCookie: opts.ageCookie, redirect: "manual" });
    visits.push({ path, status: res.status, from });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      const url = new URL(location, `${ORIGIN}${path}`);
      if (url.origin === ORIGIN) queue.push({ path: url.pathname + url.search, from: `${path} (redirect)` });
      await res.body?.cancel();
      continue;
    }
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) {
      await res.body?.cancel();
      continue;
    }
    for (const link of linksOf(await res.text(), path)) if (!seen.has(link)) queue.push({ path: link, from: path });
  }
  if (Deno.env.get("LINKS_DEBUG")) console.log(visits.map((v) => `${v.status} ${v.path}`).join("\n"));
  return visits;
}

async function signIn(username: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username)!;
  const res = await env.request("/api/login", { json: { username, password: account.password } });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
  return sessionCookie(res);
}

function assertAllAnswer(visits: Visit[], who: string, mustReach: string[]) {
  const broken = visits.filter((v) => v.status >= 400).map((v) => `${v.status} ${v.path} (linked from ${v.from})`);
  assert.deepEqual(broken, [], `${who}: broken links`);
  const reached = new Set(visits.map((v) => new URL(v.path, ORIGIN).pathname));
  for (const path of mustReach) assert.ok(reached.has(path), `${who} reaches ${path} by following links`);
  assert.ok(visits.length >= 20, `${who} crawled only ${visits.length} pages`);
}

const PUBLIC = ["/", "/forum", "/search", "/terms-of-service", "/privacy-policy", "/faq", "/data-deletion", "/auth", "/forgot-password"];

Deno.test("[links] a visitor following every link from / meets no 404 or 500", async () => {
  const visits = await crawl(env);
  assertAllAnswer(visits, "visitor", [...PUBLIC, "/user/mira_lumen"]);
  // Members' pages send a visitor to sign in rather than failing.
  for (const v of visits.filter((v) => /^\/(profile|my-messages|my-videos)/.test(v.path))) {
    assert.ok([200, 302, 303].includes(v.status), `${v.path} -> ${v.status}`);
  }
});

Deno.test("[links] a fresh visitor at the age gate can follow its links", async () => {
  const visits = await crawl(env, { ageCookie: false });
  const broken = visits.filter((v) => v.status >= 400).map((v) => `${v.status} ${v.path} (linked from ${v.from})`);
  assert.deepEqual(broken, []);
  const reached = new Set(visits.map((v) => new URL(v.path, ORIGIN).pathname));
  for (const path of ["/terms-of-service", "/privacy-policy", "/access-denied"]) assert.ok(reached.has(path), path);
});

Deno.test("[links] a member following every link, the account menu's included, meets no 404 or 500", async () => {
  const visits = await crawl(env, { cookie: await signIn("mira_lumen") });
  assertAllAnswer(visits, "member", [
    ...PUBLIC.filter((p) => !["/auth", "/forgot-password"].includes(p)),
    "/profile",
    "/my-messages",
    "/my-videos",
    "/user/mira_lumen",
  ]);
});

Deno.test("[links] an admin following every link, the dashboard's included, meets no 404 or 500", async () => {
  const visits = await crawl(env, { cookie: await signIn("demo_admin") });
  assertAllAnswer(visits, "admin", ["/admin", "/profile", "/my-messages", "/forum"]);
});
