/** Issue 13, points 9 and 10: a lockout that cannot shut a member out, and sign-in forms that post. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/mod.ts";
import { MSG } from "../common/auth_rules.ts";
import { createUser, makeTestEnv, ORIGIN, sessionCookie } from "./_helpers.ts";

/** The device cookie a response set ("name=value"), if any. */
const deviceCookie = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?dr_device=/.test(c))?.split(";")[0];

Deno.test("[security] point 9: an attacker's failed logins lock the account, but not for the member's own device", async () => {
  await using env = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "10", RATE_LOGIN_PER_IP: "1000" });
  const member = await createUser(env.db);
  const other = await createUser(env.db);
  const login = (password: string, cookie?: string, username = member.username) =>
    env.request("/api/login", { json: { username, password }, cookie });

  // The member signed in from this device before: the answer carries a device cookie.
  const first = await login(member.password);
  assert.equal(first.status, 200);
  const device = deviceCookie(first);
  assert.ok(device, "a successful login remembers the device");
  const set = first.headers.getSetCookie().find((c) => c.startsWith(device!))!;
  assert.match(set, /HttpOnly/);
  assert.match(set, /SameSite=Lax/);
  assert.match(set, /Max-Age=\d{7,}/, "kept for months");
  const otherDevice = deviceCookie(await login(other.password, undefined, other.username))!;

  // Wrong guesses from elsewhere (the member's own first login counted too): at the 11th attempt the
  // per-account limit holds for anyone without the device.
  for (let i = 0; i < 9; i++) assert.equal((await login(`wrong-guess-${i}`)).status, 401);
  const locked = await login(member.password);
  assert.equal(locked.status, 429, "the per-account limit is kept");
  assert.ok(locked.headers.get("retry-after"));

  // The member's own device still gets in; a forged, tampered or someone else's device cookie does not.
  const mine = await login(member.password, device);
  assert.equal(mine.status, 200, await mine.clone().text());
  assert.equal((await mine.json()).username, member.username);
  const [name, value] = device!.split("=");
  const tampered = `${name}=${value.replace(/^\d+/, String(other.id))}`;
  for (const cookie of [tampered, otherDevice, `${name}=${member.id}.forged.signature`, `${name}=`]) {
    assert.equal((await login(member.password, cookie)).status, 429, cookie);
  }
  // A wrong password from the known device is still refused, and counted on that device.
  assert.equal((await login("wrong-again", device)).status, 401);
});

Deno.test("[page] point 10: the login and register forms post (no password ever in a URL)", async () => {
  await using env = await makeTestEnv();
  const login = await (await env.request("/auth")).text();
  assert.match(login, /<form[^>]*method="post"[^>]*action="\/auth"[^>]*aria-label="Login"|<form[^>]*aria-label="Login"[^>]*method="post"/);
  const register = await (await env.request("/auth?tab=register")).text();
  assert.match(register, /<form[^>]*method="post"[^>]*aria-label="Register"|<form[^>]*aria-label="Register"[^>]*method="post"/);
  for (const html of [login, register]) {
    for (const form of html.match(/<form\b[^>]*>/g) ?? []) assert.match(form, /method="post"/, form);
  }
  // A submit from a page cached before the fix put the password in the address: it is dropped at once.
  const leaked = await env.request("/auth?username=someone&password=hunter22", { redirect: "manual" });
  assert.equal(leaked.status, 303);
  assert.equal(leaked.headers.get("location"), "/auth");
});

const formPost = (env: Awaited<ReturnType<typeof makeTestEnv>>, path: string, fields: Record<string, string>, cookie?: string) =>
  env.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    cookie,
    redirect: "manual",
  });

Deno.test("[page] point 10: POST /auth without JavaScript signs in and redirects home with the flash", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const res = await formPost(env, "/auth", { form: "login", username: member.username, password: member.password });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/");
  const cookies = res.headers.getSetCookie();
  assert.ok(cookies.some((c) => c.startsWith("dr_flash=login")), "the 'Login successful' toast travels to the next page");
  assert.ok(deviceCookie(res), "the device is remembered as with the JSON login");
  const home = await env.request("/", { cookie: `${sessionCookie(res)}; dr_flash=login` });
  const html = await home.text();
  assert.match(html, /Login successful/);
  assert.match(html, new RegExp(`Welcome back, ${member.username}!`));
});

Deno.test("[page] point 10: a failed form login re-renders the page with the error and the typed username, never the password", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const res = await formPost(env, "/auth", { form: "login", username: member.username, password: "not-the-password" });
  assert.equal(res.status, 401);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.equal(res.headers.getSetCookie().some((c) => /dr_session=/.test(c)), false);
  const html = await res.text();
  assert.match(html, /Invalid username or password/);
  assert.match(html, new RegExp(`value="${member.username}"`));
  assert.equal(html.includes("not-the-password"), false);
  const short = await formPost(env, "/auth", { form: "login", username: "ab", password: "123" });
  assert.equal(short.status, 400);
  const shortHtml = await short.text();
  assert.match(shortHtml, new RegExp(MSG.usernameShort));
  assert.match(shortHtml, /value="ab"/);
});

Deno.test("[page] point 10: POST /auth?tab=register without JavaScript creates the account, or shows the error with what was typed", async () => {
  await using env = await makeTestEnv();
  const fields = {
    form: "register",
    username: "formbuilt",
    email: "formbuilt@example.com",
    dateOfBirth: "1990-05-17",
    password: "hunter22",
    confirmPassword: "hunter22",
    termsAccepted: "on",
  };
  const bad = await formPost(env, "/auth?tab=register", { ...fields, confirmPassword: "hunter23" });
  assert.equal(bad.status, 400);
  const badHtml = await bad.text();
  assert.match(badHtml, new RegExp(MSG.match.replace("'", "(?:'|&#x27;|&#39;)")));
  assert.match(badHtml, /value="formbuilt"/);
  assert.match(badHtml, /value="formbuilt@example.com"/);
  assert.equal(badHtml.includes("hunter22"), false);
  const noTerms = await formPost(env, "/auth?tab=register", { ...fields, termsAccepted: "" });
  assert.equal(noTerms.status, 400);
  assert.match(await noTerms.text(), new RegExp(MSG.terms));
  assert.equal(await env.db.select().from(users).where(eq(users.username, "formbuilt")).get(), undefined);

  const ok = await formPost(env, "/auth?tab=register", fields);
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/");
  assert.ok(ok.headers.getSetCookie().some((c) => c.startsWith("dr_flash=register")));
  const row = await env.db.select().from(users).where(eq(users.username, "formbuilt")).get();
  assert.equal(row?.dateOfBirth, "1990-05-17");
  const me = await env.request("/api/user", { cookie: sessionCookie(ok) });
  assert.equal((await me.json()).username, "formbuilt");
});

Deno.test("[security] point 10: a cross-site form post to /auth gets 403; the form post keeps the login rate limits", async () => {
  await using env = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "2" });
  const member = await createUser(env.db);
  const evil = await env.app.request(`${ORIGIN}/auth`, {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: `form=login&username=${member.username}&password=${member.password}`,
  });
  assert.equal(evil.status, 403);
  for (let i = 0; i < 2; i++) {
    assert.equal((await formPost(env, "/auth", { form: "login", username: member.username, password: "wrong-pass" })).status, 401);
  }
  const limited = await formPost(env, "/auth", { form: "login", username: member.username, password: member.password });
  assert.equal(limited.status, 429);
  assert.match(await limited.text(), /Too many attempts/);
});
