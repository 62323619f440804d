/** Test harness: a fresh DATA_DIR per call, the real app, real SQLite, real HTTP semantics. */
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { createApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { insertSession } from "../db/queries/sessions.ts";
import { insertUser } from "../db/queries/users.ts";
import { categories, media } from "../db/schema/mod.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { type Config, parseConfig } from "../lib/config.ts";
import { randomToken, sha256Hex } from "../lib/auth/crypto.ts";
import { hashPassword } from "../lib/auth/passwords.ts";
import { RateLimiter } from "../lib/http/rate_limit.ts";
import { serve } from "../server.ts";
import { drainBackground } from "../lib/background.ts";

export const ORIGIN = "http://localhost:8000";

/**
 * The 18+ age gate's cookie (lib/render/age_gate.ts). `request` sends it unless told `ageCookie: false`,
 * so tests of pages see them as a returning visitor does; the gate stays on (AGE_GATE defaults to
 * true) and tests/age_gate_test.ts asks as a fresh visitor.
 */
export const AGE_COOKIE = "dr_age=1";

export function tempDir(prefix = "dreamreel-test-"): string {
  return mkdtempSync(`${tmpdir()}/${prefix}`);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = tempDir();
  // The anonymous page cache is off in tests, which change data and expect to see it at once.
  // DB_DRIVER=libsql (`deno task test:libsql`) runs the tests on @libsql/client's own driver.
  const driver = Deno.env.get("DB_DRIVER") ?? "sqlite";
  // Servers run no jobs unless a test asks (JOBS_IN_WEB=true): factory-made videos are not real files.
  return parseConfig({
    DATA_DIR: dataDir,
    SITE_URL: ORIGIN,
    LOG_LEVEL: "error",
    PAGE_CACHE_SECONDS: "0",
    JOBS_IN_WEB: "false",
    // Production runs ffmpeg at nice 10 so a busy site keeps its latency; here the suite's browsers would then starve
    // it (a 1 s clip's job took minutes beside the e2e tests), and no test asserts the niceness.
    FFMPEG_NICE: "0",
    DB_DRIVER: driver,
    ...overrides,
  });
}

export type TestEnv = Awaited<ReturnType<typeof makeTestEnv>>;

export type TestRequestInit = RequestInit & {
  cookie?: string;
  json?: unknown;
  /** false: a fresh visitor who has not answered the age gate. */
  ageCookie?: boolean;
};

/** The app in-process with its own database. `request` sends our Origin on writes, like a browser, and the age cookie. */
export async function makeTestEnv(overrides: Record<string, string> = {}, deps: { now?: () => number } = {}) {
  const config = testConfig(overrides);
  const db = await prepareData(config);
  const limiter = new RateLimiter(db);
  // `now`: the clock a temporary ban's end is read against, moved by a test instead of waiting (decision 033).
  const app = createApp(config, { db, limiter, now: deps.now });
  const request = (path: string, init: TestRequestInit = {}) => {
    const headers = new Headers(init.headers);
    const method = init.method ?? (init.json !== undefined ? "POST" : "GET");
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", ORIGIN);
    const cookie = [init.cookie ?? headers.get("cookie"), init.ageCookie === false ? null : AGE_COOKIE].filter(Boolean).join("; ");
    if (cookie) headers.set("cookie", cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const { cookie: _c, json: _j, ageCookie: _a, ...rest } = init;
    return app.request(`${ORIGIN}${path}`, { ...rest, method, headers, body });
  };
  // What a request started in the background (a verification mail) writes this database: it finishes first (issue 36 point 20).
  const close = async () => {
    await drainBackground();
    db.client.close();
  };
  return { config, db, app, request, limiter, close, [Symbol.asyncDispose]: close };
}

/** The session cookie (name=value) a response set, for follow-up requests. */
export function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?dr_session=/.test(c));
  if (!set) throw new Error("no session cookie in response");
  return set.split(";")[0];
}

let userSeq = 0;

export async function createUser(
  db: Db,
  opts: { username?: string; password?: string; email?: string; isAdmin?: boolean; emailVerified?: boolean; createdAt?: number } = {},
) {
  const username = opts.username ?? `user${++userSeq}_${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? "secret-pass";
  const user = await insertUser(db, {
    username,
    email: opts.email ?? `${username}@example.com`,
    passwordHash: await hashPassword(password),
    isAdmin: opts.isAdmin ?? false,
    emailVerified: opts.emailVerified ?? false,
    ...(opts.createdAt === undefined ? {} : { createdAt: opts.createdAt }),
  });
  return { ...user, password };
}

/** A signed-in cookie for a user without going through /api/login. */
export async function loginCookie(db: Db, userId: number, cookieName = "dr_session"): Promise<string> {
  const id = randomToken();
  await insertSession(db, sha256Hex(id), userId, Date.now() + 86400_000);
  return `${cookieName}=${id}`;
}

/** A member made in the database and signed in: the user row, its password and a session cookie. */
export async function signedInMember(db: Db, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, opts);
  return { ...user, cookie: await loginCookie(db, user.id) };
}

/**
 * A signed-in member whose reports count toward REPORT_HIDE_THRESHOLD (issue 42 point 1): a verified
 * email and an account a week old, past the default REPORT_MIN_ACCOUNT_AGE_HOURS.
 */
export function trustedMember(db: Db, opts: Parameters<typeof createUser>[1] = {}) {
  return signedInMember(db, { ...TRUSTED, ...opts });
}

/** createUser's options for such a member. */
export const TRUSTED = { emailVerified: true, createdAt: Date.now() - 7 * 86_400_000 } as const;

/** The JSON body of a response, after checking its status and content type. */
export async function json(res: Response, status = 200) {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${await res.clone().text()}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

/** The `{ error }` of a refused request, never empty; `message` when given must match it exactly. */
export async function errorOf(res: Response, status: number, message?: string): Promise<string> {
  const body = await json(res, status);
  assert.equal(typeof body.error, "string");
  assert.ok(body.error.length > 0);
  if (message !== undefined) assert.equal(body.error, message);
  return body.error;
}

export async function categoryIds(db: Db) {
  return await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories).all();
}

type MediaInit = Partial<typeof media.$inferInsert> & { userId: number };

export async function createMedia(db: Db, init: MediaInit) {
  const [row] = await db.insert(media).values({
    title: "Test item",
    contentType: "image",
    reviewStatus: "approved",
    ...init,
  }).returning();
  return row;
}

/** The real server on a free port, for browser tests. */
export async function startServer(overrides: Record<string, string> = {}) {
  const config = testConfig({ PORT: "0", HOST: "127.0.0.1", ...overrides });
  const db = await prepareData(config);
  const server = serve(config, db, { quiet: true });
  return { ...server, config, db };
}

/**
 * Waits until `check` holds, asking every 50 ms, and fails after `ms` naming `what`. The default
 * is generous: on a machine shared by several test runs a job with ffmpeg can take long, and a
 * wait that times out only under load must not fail a test that would pass.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 60_000, what = "the condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
