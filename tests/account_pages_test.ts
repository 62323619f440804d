import assert from "node:assert/strict";
import { users } from "../db/schema/mod.ts";
import { socialAccounts } from "../db/schema/mod.ts";
import { RESET_MSG } from "../common/schemas/account.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;

/** The JSON props the page handed to an island. */
function islandProps(html: string, name: string) {
  const m = new RegExp(`<script type="application/json" data-island-props="${name}">(.*?)</script>`).exec(html);
  assert.ok(m, `island ${name} on the page`);
  return JSON.parse(m[1]);
}

Deno.test("[page] /profile: visitors go to /auth; members get the three tabs, private and unindexed", async () => {
  const out = await request("/profile");
  assert.equal(out.status, 302);
  assert.equal(out.headers.get("location"), "/auth?next=%2Fprofile");
  const user = await createUser(db, { username: "profile_viewer" });
  const res = await request("/profile", { cookie: await loginCookie(db, user.id) });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const html = await res.text();
  for (const tab of ["Profile", "Security", "Danger Zone"]) assert.match(html, new RegExp(`role="tab"[^>]*>${tab}</button>`));
  assert.match(html, /<meta name="robots" content="noindex/);
  assert.deepEqual(islandProps(html, "ProfileSettings"), {
    username: "profile_viewer",
    email: user.email,
    hasPassword: true,
    providers: [],
    available: [],
    emailVerified: false,
    notice: null,
    about: "",
  });
  assert.ok(html.includes('value="profile_viewer"'), "the form is filled on the server");
});

Deno.test("[page] /profile tells a member who joined through Google that they can set a password", async () => {
  const [social] = await db.insert(users).values({ username: "g_member", email: null, passwordHash: null }).returning();
  await db.insert(socialAccounts).values({ userId: social.id, provider: "google", providerUserId: "g-1" });
  const html = await (await request("/profile", { cookie: await loginCookie(db, social.id) })).text();
  assert.deepEqual(islandProps(html, "ProfileSettings"), {
    username: "g_member",
    email: null,
    hasPassword: false,
    providers: ["google"],
    available: [],
    emailVerified: false,
    notice: null,
    about: "",
  });
});

Deno.test("[page] the account menu links /profile", async () => {
  const user = await createUser(db);
  const html = await (await request("/", { cookie: await loginCookie(db, user.id) })).text();
  assert.match(html, /href="\/profile"/);
});

Deno.test("[page] /forgot-password: the email form with Send Reset Link and Back to Sign In, unindexed", async () => {
  const res = await request("/forgot-password");
  assert.equal(res.status, 200);
  const html = await res.text();
  for (const text of ["Forgot Password", "Send Reset Link", "Back to Sign In", 'type="email"', 'href="/auth"']) {
    assert.ok(html.includes(text), text);
  }
  assert.match(html, /<meta name="robots" content="noindex/);
  assert.match(html, /data-island="ForgotPasswordForm"/);
});

Deno.test("[page] /reset-password without a token shows the invalid state at once; with one, the checking state", async () => {
  const bare = await (await request("/reset-password")).text();
  assert.ok(bare.includes(RESET_MSG.invalidTitle));
  assert.ok(bare.includes(RESET_MSG.invalidText.replace("'", "&#x27;")));
  assert.ok(bare.includes('href="/forgot-password"') && bare.includes("Request New Reset Link"));
  assert.deepEqual(islandProps(bare, "ResetPasswordForm"), { token: null });
  const res = await request("/reset-password?token=abc_DEF-123");
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const html = await res.text();
  assert.ok(html.includes('data-state="checking"') && html.includes("Verifying your reset link..."));
  assert.deepEqual(islandProps(html, "ResetPasswordForm"), { token: "abc_DEF-123" });
  assert.ok(html.includes('<meta name="referrer" content="no-referrer"/>'), "the token is not sent on as a Referer");
  assert.ok(html.includes('rel="canonical" href="http://localhost:8000/reset-password"'), "the canonical link carries no token");
  const absurd = await (await request(`/reset-password?token=${"x".repeat(300)}`)).text();
  assert.deepEqual(islandProps(absurd, "ResetPasswordForm"), { token: null });
});
