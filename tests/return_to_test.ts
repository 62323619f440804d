/**
 * Issue 27 point 4: signing in (password, registration, Google, Facebook) returns to the page
 * that sent the visitor to /auth, and only ever to a path of this site. The browser side is in
 * tests/e2e/return_test.ts.
 */
import assert from "node:assert/strict";
import { OAuth2Server } from "oauth2-mock-server";
import { authHref, safeNext } from "../common/return_to.ts";
import { localNext } from "../lib/render/age_gate.ts";
import { createUser, makeTestEnv, sessionCookie, signedInMember } from "./_helpers.ts";

const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
const issuer = provider.issuer.url!;
let seq = 0;
provider.service.on("beforeUserinfo", (res: { body: unknown }) => {
  const n = ++seq;
  res.body = { sub: `ret-${n}`, id: `ret-${n}`, email: `ret${n}@example.com`, email_verified: true, name: `Ret ${n}` };
});
const oauth = (p: "GOOGLE" | "FACEBOOK") => ({
  [`${p}_CLIENT_ID`]: "dreamreel-test",
  [`${p}_CLIENT_SECRET`]: "test-secret",
  [`${p}_AUTH_URL`]: `${issuer}/authorize`,
  [`${p}_TOKEN_URL`]: `${issuer}/token`,
  [`${p}_USERINFO_URL`]: `${issuer}/userinfo`,
});
const env = await makeTestEnv({ ...oauth("GOOGLE"), ...oauth("FACEBOOK"), RATE_LOGIN_PER_IP: "100", RATE_LOGIN_PER_ACCOUNT: "100" });

Deno.test.afterAll(async () => {
  await provider.stop();
  env.close();
});

/** Every way a path can name another host, or come back to the sign-in page itself. */
const HOSTILE = [
  "//evil.com",
  "/\\evil.com",
  "https://evil.com",
  "http:/evil.com",
  "/\t/evil.com",
  "\\\\evil.com",
  "evil.com",
  "javascript:alert(1)",
  "/auth",
  "/auth/google",
  "",
  // Issue 31 point 3: dot segments resolve, so each of these became `//evil.com` (or `///evil.com`).
  "/.//evil.com",
  "/./ /evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/%2E%2E//evil.com",
  "/.%2e//evil.com",
  "/a/../..//evil.com",
  "/a/%2e%2e//evil.com",
  "/.///evil.com",
  "/./\\evil.com",
  "/.\\/evil.com",
  "/.\t//evil.com",
  "/.\n//evil.com",
  "/\r\n//evil.com",
];

/**
 * Shapes that stay on this site: encoded slashes and backslashes are not separators, so
 * `/%2F%2Fevil.com` is a path of ours (a 404 at worst), never another host.
 */
const ENCODED = ["/%2F%2Fevil.com", "/%5C%5Cevil.com", "/%2f/evil.com", "/.%2f/evil.com", "/%09/evil.com", "/x/..%2f/evil.com"];

/** Every combination of a few prefixes, dot segments and separators, written plainly and percent-encoded. */
function variants(): string[] {
  const parts = ["/", "//", "\\", ".", "..", "%2e", "%2E%2e", "%2f", "%5c", "a", "\t", " ", "evil.com"];
  const out: string[] = [];
  for (const a of parts) for (const b of parts) for (const c of parts) out.push(`/${a}${b}${c}evil.com`, `/${a}/${b}/${c}/evil.com`);
  return out;
}

/** The check a browser makes: the Location resolved against our origin stays on it. */
function staysHome(location: string) {
  const site = "https://site.example";
  return new URL(location, `${site}/auth?x=1`).origin === site;
}

Deno.test("[auth] safeNext keeps same-site paths with their query and fragment and refuses every other shape", () => {
  assert.equal(safeNext("/my-messages"), "/my-messages");
  assert.equal(safeNext("/media/a-b-12?x=1#c"), "/media/a-b-12?x=1#c");
  assert.equal(safeNext("/forum#thread-3"), "/forum#thread-3");
  for (const bad of [...HOSTILE, null, 42, "/".padEnd(1001, "a")]) assert.equal(safeNext(bad), null, String(bad));
  assert.equal(authHref("/my-videos"), "/auth?next=%2Fmy-videos");
  assert.equal(authHref("/forum", "register"), "/auth?tab=register&next=%2Fforum");
  assert.equal(authHref("//evil.com"), "/auth");
  for (const path of ENCODED) assert.equal(safeNext(path), path, path);
});

Deno.test("[auth] safeNext answers null or a path that stays on this site, and is stable, for every shape (issue 31 point 3)", () => {
  const all = variants();
  assert.ok(all.length > 4000);
  for (const raw of [...HOSTILE, ...ENCODED, ...all]) {
    for (const check of [safeNext, (r: string) => localNextPath(r)]) {
      const path = check(raw);
      if (path === null) continue;
      assert.ok(staysHome(path), `${JSON.stringify(raw)} -> ${JSON.stringify(path)}`);
      assert.match(path, /^\/(?![/\\])/, JSON.stringify(raw));
      // The island runs safeNext again on what the server kept: the same answer.
      assert.equal(check(path), path, JSON.stringify(raw));
    }
  }
});

/** The age gate's check, null where it falls back to `/`. */
const localNextPath = (raw: string) => {
  const path = localNext(raw);
  return path === "/" && raw !== "/" ? null : path;
};

Deno.test("[auth] a members' page sends a visitor to /auth with the way back", async () => {
  for (const path of ["/my-messages?with=3", "/my-videos", "/profile"]) {
    const res = await env.request(path);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), authHref(path));
  }
});

/** A form post to /auth, as the page sends it before hydration or without JavaScript. */
const formPost = (fields: Record<string, string>, query = "") =>
  env.request(`/auth${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

Deno.test("[auth] the password form returns to `next`, and to / for anything that is not a same-site path", async () => {
  const member = await createUser(env.db, { username: "ret_member" });
  const login = { form: "login", username: member.username, password: member.password };
  const back = await formPost({ ...login, next: "/media/neon-7?t=1" });
  assert.equal(back.status, 303);
  assert.equal(back.headers.get("location"), "/media/neon-7?t=1");
  sessionCookie(back);
  for (const next of HOSTILE) {
    const res = await formPost({ ...login, next });
    assert.equal(res.status, 303, next);
    assert.equal(res.headers.get("location"), "/", next);
  }
  // A refused login keeps the way back in the page it renders again.
  const refused = await formPost({ ...login, password: "wrong-password", next: "/forum" });
  assert.equal(refused.status, 401);
  assert.match(await refused.text(), /&quot;next&quot;:&quot;\/forum&quot;|"next":"\/forum"/);
});

Deno.test("[auth] registration returns to `next`", async () => {
  const res = await formPost({
    form: "register",
    username: "ret_newbie",
    email: "ret_newbie@example.com",
    dateOfBirth: "1990-05-05",
    password: "secret-pass",
    confirmPassword: "secret-pass",
    termsAccepted: "on",
    next: "/forum#thread-2",
  }, "?tab=register");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/forum#thread-2");
});

Deno.test("[auth] a signed-in visitor of /auth goes straight to a same-site `next`, never elsewhere", async () => {
  const { cookie } = await signedInMember(env.db);
  const ok = await env.request(`/auth?next=${encodeURIComponent("/my-videos")}`, { cookie });
  assert.equal(ok.headers.get("location"), "/my-videos");
  for (const next of HOSTILE) {
    const res = await env.request(`/auth?next=${encodeURIComponent(next)}`, { cookie });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/", next);
  }
  // The probe's link, as typed in the address bar.
  const probe = await env.request("/auth?next=%2F.%2F%2Fevil.example", { cookie });
  assert.equal(probe.headers.get("location"), "/");
  for (const next of ENCODED) {
    const res = await env.request(`/auth?next=${encodeURIComponent(next)}`, { cookie });
    assert.equal(res.headers.get("location"), next, next);
  }
});

Deno.test("[auth] no way back leaves this site: the sign-in form, the signed-in redirect and the age gate (issue 31 point 3)", async () => {
  const member = await createUser(env.db, { username: "ret_variants" });
  const { cookie } = await signedInMember(env.db);
  const login = { form: "login", username: member.username, password: member.password };
  for (const next of [...HOSTILE.slice(11), ...variants().filter((_, i) => i % 300 === 0)]) {
    const form = await formPost({ ...login, next });
    assert.ok(staysHome(form.headers.get("location")!), `form ${JSON.stringify(next)}: ${form.headers.get("location")}`);
    const signedIn = await env.request(`/auth?next=${encodeURIComponent(next)}`, { cookie });
    assert.ok(staysHome(signedIn.headers.get("location")!), `signed in ${JSON.stringify(next)}`);
    const gate = await env.request("/age-gate", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ next }).toString(),
      ageCookie: false,
    });
    assert.equal(gate.status, 303);
    assert.ok(staysHome(gate.headers.get("location")!), `age gate ${JSON.stringify(next)}: ${gate.headers.get("location")}`);
  }
});

async function socialSignIn(name: "google" | "facebook", next: string) {
  const start = await env.request(`/auth/${name}?next=${encodeURIComponent(next)}`);
  assert.equal(start.status, 302);
  const cookies = start.headers.getSetCookie().filter((c) => /^dr_(oauth|next)=/.test(c)).map((c) => c.split(";")[0]);
  const approved = await fetch(start.headers.get("location")!, { redirect: "manual" });
  await approved.body?.cancel();
  const callback = new URL(approved.headers.get("location")!);
  return env.request(callback.pathname + callback.search, { cookie: cookies.join("; ") });
}

for (const name of ["google", "facebook"] as const) {
  Deno.test(`[auth] ${name} sign-in returns to the same-site page it started from, else home`, async () => {
    const res = await socialSignIn(name, "/my-messages?with=4");
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/my-messages?with=4");
    sessionCookie(res);
    // The cookie carrying the way back is spent.
    assert.ok(res.headers.getSetCookie().some((c) => /^dr_next=;/.test(c)));
    for (const next of ["//evil.com", "/\\evil.com", "https://evil.com", "/.//evil.com", "/a/../..//evil.com"]) {
      const evil = await socialSignIn(name, next);
      assert.equal(evil.headers.get("location"), "/", next);
    }
  });
}
