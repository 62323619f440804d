import assert from "node:assert/strict";
import { createUser, makeTestEnv } from "./_helpers.ts";

Deno.test("[security] login is limited per IP: 429 with Retry-After", async () => {
  await using env = await makeTestEnv({ RATE_LOGIN_PER_IP: "3", TRUST_PROXY: "1" });
  const attempt = (ip: string) =>
    env.request("/api/login", { json: { username: "someone", password: "wrong-pass" }, headers: { "x-forwarded-for": ip } });
  for (let i = 0; i < 3; i++) assert.equal((await attempt("203.0.113.7")).status, 401);
  const limited = await attempt("203.0.113.7");
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await limited.json()).error, /Too many attempts/);
  assert.equal((await attempt("203.0.113.8")).status, 401, "another address is not limited");
});

Deno.test("[security] login is limited per account across addresses", async () => {
  await using env = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "2", TRUST_PROXY: "1" });
  const user = await createUser(env.db);
  const attempt = (ip: string, password = "wrong-pass") =>
    env.request("/api/login", { json: { username: user.username, password }, headers: { "x-forwarded-for": ip } });
  assert.equal((await attempt("198.51.100.1")).status, 401);
  assert.equal((await attempt("198.51.100.2")).status, 401);
  const limited = await attempt("198.51.100.3", user.password);
  assert.equal(limited.status, 429, "even the right password waits out the window");
  assert.ok(limited.headers.get("retry-after"));
});

Deno.test("[security] registration is limited per IP", async () => {
  await using env = await makeTestEnv({ RATE_REGISTER_PER_IP: "1", TRUST_PROXY: "1" });
  const body = (n: string) => ({
    username: `reg_${n}`,
    email: `${n}@example.com`,
    dateOfBirth: "1990-01-01",
    password: "secret1",
    termsAccepted: true,
  });
  const headers = { "x-forwarded-for": "192.0.2.9" };
  assert.equal((await env.request("/api/register", { json: body("a"), headers })).status, 201);
  const limited = await env.request("/api/register", { json: body("b"), headers });
  assert.equal(limited.status, 429);
  assert.ok(limited.headers.get("retry-after"));
});
