/**
 * Issue 41 point 1: the site's settings (`GET|PATCH /api/admin/settings`). The environment gives a new site's values;
 * a save stores them, audited with before and after, and they are in force at once (the header, the legal texts, the
 * sign-up rule); wrong types, unknown names and out-of-range values are refused; visitors get 401, members 403.
 */
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { auditLog, sharedCounters, siteSettings } from "../db/schema/mod.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv({
  SITE_NAME: "Env Reel",
  OPERATOR_NAME: "Env Operator Ltd",
  REGISTRATIONS: "approval",
  UPLOAD_QUOTA_BYTES: "-1",
  DAILY_UPLOAD_QUOTA_BYTES: "-1",
});
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "set_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const member = await createUser(db, { username: "set_member" });
const memberCookie = await loginCookie(db, member.id);
const patch = (body: unknown, cookie = adminCookie) => request("/api/admin/settings", { method: "PATCH", cookie, json: body });
const counter = async (name: string) => (await db.select().from(sharedCounters).where(eq(sharedCounters.name, name)).get())?.value ?? 0;

Deno.test("[api] settings: visitors get 401 and members 403, for reading and for saving", async () => {
  await errorOf(await request("/api/admin/settings"), 401);
  await errorOf(await patch({ siteName: "X" }, ""), 401);
  await errorOf(await request("/api/admin/settings", { cookie: memberCookie }), 403);
  await errorOf(await patch({ siteName: "X" }, memberCookie), 403);
  assert.equal(await db.select().from(siteSettings).get(), undefined, "nothing stored");
});

Deno.test("[api] settings: a new site reads the environment's values; nothing is stored before the first save", async () => {
  const res = await request("/api/admin/settings", { cookie: adminCookie });
  assert.match(res.headers.get("cache-control") ?? "", /no-store/);
  const s = await json(res);
  assert.deepEqual(s, {
    siteName: "Env Reel",
    siteDescription: "AI dreams, in motion",
    registrations: "approval",
    uploadQuotaBytes: -1,
    dailyUploadQuotaBytes: -1,
    operatorName: "Env Operator Ltd",
    operatorAddress: "",
    governingLaw: "the laws of the country where the operator is established",
    supportEmail: "support@example.com",
    copyrightEmail: "copyright@example.com",
  });
  assert.equal(await db.select().from(siteSettings).get(), undefined);
});

Deno.test("[api] settings: wrong types, unknown names and out-of-range values are refused with 400, nothing stored", async () => {
  const cases: [unknown, RegExp][] = [
    [{ siteName: 42 }, /siteName must be a string/],
    [{ siteName: "" }, /siteName is required/],
    [{ siteName: "x".repeat(61) }, /at most 60/],
    [{ siteDescription: "x".repeat(121) }, /at most 120/],
    [{ registrations: "sometimes" }, /registrations must be one of: open, approval, invite, closed/],
    [{ uploadQuotaBytes: -2 }, /-1 \(no limit\) or more/],
    [{ uploadQuotaBytes: 1.5 }, /whole number/],
    [{ dailyUploadQuotaBytes: "100" }, /must be a number/],
    [{ dailyUploadQuotaBytes: 2e15 }, /at most/],
    [{ supportEmail: "not-an-address" }, /email address/],
    [{ governingLaw: "" }, /governingLaw is required/],
    [{ operatorAddress: "x".repeat(301) }, /at most 300/],
    [{ theme: "dark" }, /Unknown field: theme/],
    [["siteName"], /body must be an object/],
  ];
  for (const [body, message] of cases) assert.match(await errorOf(await patch(body), 400), message, JSON.stringify(body));
  await errorOf(
    await request("/api/admin/settings", {
      method: "PATCH",
      cookie: adminCookie,
      body: "siteName=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    415,
  );
  assert.equal(await db.select().from(siteSettings).get(), undefined);
});

Deno.test("[api] settings: a save is stored whole, audited with before and after, moves the counters and is in force at once", async () => {
  const [settingsBefore, contentBefore] = [await counter("settings"), await counter("content")];
  const saved = await json(
    await patch({ siteName: "Stored Reel", siteDescription: "Dreams, stored", operatorName: "Stored Ltd", uploadQuotaBytes: 0 }),
  );
  assert.equal(saved.siteName, "Stored Reel");
  assert.equal(saved.uploadQuotaBytes, 0);
  assert.equal(saved.registrations, "approval", "untouched settings keep their values");
  const row = await db.select().from(siteSettings).get();
  assert.deepEqual(JSON.parse(row!.data), saved, "the whole set is stored: the environment no longer decides any of it");
  assert.equal(await counter("settings"), settingsBefore + 1);
  assert.ok(await counter("content") > contentBefore, "the content version moved");
  const entry = await db.select().from(auditLog).orderBy(desc(auditLog.id)).get();
  assert.equal(entry?.action, "settings.update");
  assert.equal(entry?.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry!.details!), {
    before: { siteName: "Env Reel", siteDescription: "AI dreams, in motion", operatorName: "Env Operator Ltd", uploadQuotaBytes: -1 },
    after: { siteName: "Stored Reel", siteDescription: "Dreams, stored", operatorName: "Stored Ltd", uploadQuotaBytes: 0 },
  });
  assert.deepEqual(await json(await request("/api/admin/settings", { cookie: adminCookie })), saved);

  const home = await request("/");
  const html = await home.text();
  assert.match(html, /<title>[^<]*Stored Reel/);
  assert.match(html, /Dreams, stored/);
  assert.doesNotMatch(html, /Env Reel/);
  const terms = await (await request("/terms-of-service")).text();
  assert.match(terms, /Stored Ltd/);
  assert.doesNotMatch(terms, /Env Operator Ltd/);
});

Deno.test("[api] settings: a save that changes nothing writes no audit entry", async () => {
  const before = (await db.select().from(auditLog).all()).length;
  await json(await patch({ siteName: "Stored Reel" }));
  assert.equal((await db.select().from(auditLog).all()).length, before);
});

Deno.test("[api] settings: closing sign-ups is in force for the next registration", async () => {
  await json(await patch({ registrations: "closed" }));
  const res = await request("/api/register", {
    json: { username: "set_late", email: "late@example.com", dateOfBirth: "1990-01-01", password: "hunter22", termsAccepted: true },
  });
  assert.equal(await errorOf(res, 403), "Sign-ups are closed on this site.");
  const page = await (await request("/auth?tab=register")).text();
  assert.match(page, /Sign-ups are closed on this site\./);
  await json(await patch({ registrations: "open" }));
});
