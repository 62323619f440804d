import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { countRateHit, deleteEndedRateLimits } from "../db/queries/rate_limits.ts";
import { rateLimits } from "../db/schema/mod.ts";
import { HttpError } from "../lib/http_error.ts";
import { RateLimiter } from "../lib/http/rate_limit.ts";
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

Deno.test("[security] rate-limit counts live in the database: another process on the same file continues them", async () => {
  await using env = await makeTestEnv();
  let now = 1_000_000;
  const clock = () => now;
  const here = new RateLimiter(env.db, clock);
  // A second connection to the same file stands for a second server process.
  const otherDb = openDb(env.config.databaseUrl);
  const there = new RateLimiter(otherDb, clock);
  try {
    await here.hit("login:ip:192.0.2.1", 3, 60);
    await there.hit("login:ip:192.0.2.1", 3, 60);
    await here.hit("login:ip:192.0.2.1", 3, 60);
    const refused = await there.hit("login:ip:192.0.2.1", 3, 60).then(() => null, (e) => e);
    assert.ok(refused instanceof HttpError, "the fourth hit, counted across both, is refused");
    assert.equal(refused.status, 429);
    assert.equal(refused.headers?.["Retry-After"], "60");
    const [row] = await env.db.select().from(rateLimits).where(eq(rateLimits.key, "login:ip:192.0.2.1"));
    assert.deepEqual(row, { key: "login:ip:192.0.2.1", count: 4, resetAt: 1_060_000 });

    now += 30_000;
    const later = await here.hit("login:ip:192.0.2.1", 3, 60).then(() => null, (e) => e);
    assert.equal(later?.headers?.["Retry-After"], "30", "the window does not move with each hit");
    now += 30_000;
    await there.hit("login:ip:192.0.2.1", 3, 60); // the window ended: counting starts again
    const [again] = await env.db.select().from(rateLimits).where(eq(rateLimits.key, "login:ip:192.0.2.1"));
    assert.deepEqual(again, { key: "login:ip:192.0.2.1", count: 1, resetAt: 1_120_000 });
  } finally {
    otherDb.client.close();
  }
});

Deno.test("[security] ended rate-limit windows are swept", async () => {
  await using env = await makeTestEnv();
  await countRateHit(env.db, "old", 1_000, 1_000);
  await countRateHit(env.db, "current", 5_000, 10_000);
  assert.equal(await deleteEndedRateLimits(env.db, 2_000), 1);
  assert.deepEqual((await env.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key), ["current"]);
});
