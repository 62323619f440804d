/**
 * Issue 36 point 11: one date format in the API. `createdAt` was Unix milliseconds in `/api/user`
 * and `/api/admin/users` but ISO 8601 in profiles, items, comments and messages; every answer
 * about a member now gives the same ISO string (the spec's own dates, e.g. dateOfBirth, are ISO).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/mod.ts";
import { createUser, json, loginCookie, makeTestEnv, sessionCookie } from "./_helpers.ts";

Deno.test("[api] a member's createdAt is the same ISO 8601 string in every answer that carries it", async () => {
  await using env = await makeTestEnv();
  const admin = await createUser(env.db, { isAdmin: true, emailVerified: true });
  const adminCookie = await loginCookie(env.db, admin.id);
  const password = "secret-pass";
  const registered = await env.request("/api/register", {
    json: { username: "dated_member", email: "dated@example.com", dateOfBirth: "1990-01-01", password, termsAccepted: true },
  });
  const created = await json(registered, 201);
  const cookie = sessionCookie(registered);
  const row = (await env.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, created.id)).get())!;
  const iso = new Date(row.createdAt).toISOString();

  const seen: [string, unknown][] = [
    ["POST /api/register", created.createdAt],
    ["GET /api/user", (await json(await env.request("/api/user", { cookie }))).createdAt],
    ["POST /api/login", (await json(await env.request("/api/login", { json: { username: "dated_member", password } }))).createdAt],
    [
      "PATCH /api/user",
      (await json(await env.request("/api/user", { method: "PATCH", cookie, json: { username: "dated_member2" } }))).createdAt,
    ],
    ["GET /api/users/{id}/profile", (await json(await env.request(`/api/users/${created.id}/profile`))).createdAt],
    [
      "GET /api/admin/users",
      (await json(await env.request("/api/admin/users", { cookie: adminCookie }))).find((u: { id: number }) => u.id === created.id)
        .createdAt,
    ],
    [
      "POST /api/admin/users/{id}",
      (await json(await env.request(`/api/admin/users/${created.id}`, { method: "POST", cookie: adminCookie }))).user.createdAt,
    ],
  ];
  assert.deepEqual(seen, seen.map(([path]) => [path, iso]));
});
