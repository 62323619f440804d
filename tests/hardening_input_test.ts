/** Issue 13, points 3, 4 and 6: text normalisation, bounded JSON bodies, CSRF by the configured origin. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { comments, media, reports } from "../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, makeTestEnv, ORIGIN } from "./_helpers.ts";
import { normalizeText } from "../common/text.ts";

const env = await makeTestEnv({ RATE_COMMENTS_PER_USER: "1000", RATE_REPORTS_PER_USER: "1000" });
const { request, db } = env;
const owner = await createUser(env.db);
const ownerCookie = await loginCookie(db, owner.id);
const item = await createMedia(db, { userId: owner.id, title: "Glacier at dawn" });

Deno.test.afterAll(() => env.close());

async function errorOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(typeof body.error, "string");
  return body.error as string;
}

const comment = (content: string) => request(`/api/videos/${item.id}/comments`, { json: { content }, cookie: ownerCookie });
const storedComments = async () => (await db.select().from(comments).where(eq(comments.mediaId, item.id)).all()).map((c) => c.content);

Deno.test("[text] point 3: normalizeText keeps newlines and tabs, drops other C0 controls and bidi overrides, composes to NFC", () => {
  assert.equal(normalizeText("\u0000hidden"), "hidden");
  assert.equal(normalizeText("a\u202Eb\u2066c\u2069d\u202Ae\u0007f\u001Fg\u007F"), "abcdefg");
  assert.equal(normalizeText("line one\n\tline two\r\n"), "line one\n\tline two\n");
  assert.equal(normalizeText("Cafe\u0301"), "Caf\u00e9");
  assert.equal(normalizeText("\u200Dkept zero-width joiner, \u00A0kept nbsp"), "\u200Dkept zero-width joiner, \u00A0kept nbsp");
});

Deno.test("[api] point 3: a NUL or a bidi override in a comment can neither cut the stored text nor pass the blank rule", async () => {
  const before = (await storedComments()).length;
  const hidden = await comment("\u0000hidden");
  assert.equal(hidden.status, 201);
  assert.equal((await hidden.json()).content, "hidden");
  for (const blank of ["\u0000", "\u202E\u0000 \u2066", "\u0001\u0002\u0003"]) {
    const res = await comment(blank);
    assert.equal(res.status, 400, JSON.stringify(blank));
    assert.equal(await errorOf(res), "Comment cannot be empty");
  }
  const mixed = await comment("e\u0301t\u00e9 \u202Egnp.exe\u202C ok\ttab\nline");
  assert.equal(mixed.status, 201);
  const stored = await storedComments();
  assert.equal(stored.length, before + 2, "only the two real comments were stored");
  assert.ok(stored.includes("hidden"));
  assert.ok(stored.includes("\u00e9t\u00e9 gnp.exe ok\ttab\nline"), JSON.stringify(stored));
});

Deno.test("[api] point 3: titles, report details and search queries are normalised before validation too", async () => {
  const edit = (title: string) => request(`/api/videos/${item.id}`, { method: "PUT", json: { title }, cookie: ownerCookie });
  const blank = await edit("\u0000\u202E");
  assert.equal(blank.status, 400);
  assert.equal(await errorOf(blank), "Title is required");
  const ok = await edit("Glacier\u0000 at dawn\u202E");
  assert.equal(ok.status, 200);
  assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())!.title, "Glacier at dawn");

  const report = await request("/api/reports", {
    json: { videoId: item.id, reason: "other", details: "see\u0000 this\u2067" },
    cookie: ownerCookie,
  });
  assert.equal(report.status, 201, await report.clone().text());
  const [row] = await db.select().from(reports).where(eq(reports.mediaId, item.id)).all();
  assert.equal(row.details, "see this");

  const found = await request(`/api/search?q=${encodeURIComponent("Gla\u0000cier")}`);
  assert.equal(found.status, 200);
  assert.deepEqual((await found.json()).map((i: { title: string }) => i.title), ["Glacier at dawn"]);
});

/** A body stream that counts how many bytes the server pulled from it. */
function countingBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const block = new TextEncoder().encode('{"content":"' + "x".repeat(chunk));
  const stream = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (state.pulled >= total) return ctrl.close();
      state.pulled += block.length;
      ctrl.enqueue(block);
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

Deno.test("[api] point 4: a 20 MiB JSON body is refused with 413 before it is read", async () => {
  const { stream, state } = countingBody(20 * 1024 * 1024);
  const res = await request(`/api/videos/${item.id}/comments`, {
    method: "POST",
    cookie: ownerCookie,
    headers: { "content-type": "application/json", "content-length": String(20 * 1024 * 1024) },
    body: stream,
  });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /too large/);
  assert.equal(state.pulled, 0, "not a byte read");
});

Deno.test("[api] point 4: a chunked JSON body is cut off with 413 once it passes 64 KiB", async () => {
  const { stream, state } = countingBody(20 * 1024 * 1024);
  const res = await request(`/api/videos/${item.id}/comments`, {
    method: "POST",
    cookie: ownerCookie,
    headers: { "content-type": "application/json" },
    body: stream,
  });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /64 KB/);
  assert.ok(state.pulled <= 256 * 1024, `read ${state.pulled} bytes`);
  assert.equal(state.cancelled, true, "the rest of the body is not read");
});

Deno.test("[api] point 4: bodies under the limit are read as before; MAX_JSON_KB sets the limit", async () => {
  const under = await comment("y".repeat(40 * 1024));
  assert.equal(under.status, 400, "a 40 KB comment is read and refused by the comment rule, not by size");
  assert.match(await errorOf(under), /^Comment is too long/);
  await using small = await makeTestEnv({ MAX_JSON_KB: "1" });
  const res = await small.request("/api/login", { json: { username: "someone", password: "p".repeat(2000) } });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /1 KB/);
});

Deno.test("[csrf] point 6: a cross-site write is refused even when the Host header names the attacker", async () => {
  const evil = await env.app.request("http://evil.example/api/logout", {
    method: "POST",
    headers: { origin: "http://evil.example", host: "evil.example", cookie: ownerCookie },
  });
  assert.equal(evil.status, 403);
  assert.equal(await errorOf(evil), "Cross-site request refused");
  const evilLogin = await env.app.request("http://evil.example/api/login", {
    method: "POST",
    headers: { origin: "http://evil.example", "content-type": "application/json" },
    body: JSON.stringify({ username: owner.username, password: owner.password }),
  });
  assert.equal(evilLogin.status, 403);
  // Our own origin, and (SITE_URL being loopback) the loopback address a test server listens on.
  for (const origin of [ORIGIN, "http://127.0.0.1:41234", "http://[::1]:8000"]) {
    const res = await env.app.request(`${origin}/api/logout`, { method: "POST", headers: { origin } });
    assert.equal(res.status, 200, origin);
    await res.body?.cancel();
  }
});

Deno.test("[csrf] point 6: with a public SITE_URL only that origin passes (loopback refused)", async () => {
  await using site = await makeTestEnv({ SITE_URL: "https://dreamreel.example" });
  const post = (url: string, origin: string) => site.app.request(url, { method: "POST", headers: { origin } });
  assert.equal((await post("https://dreamreel.example/api/logout", "https://dreamreel.example")).status, 200);
  for (
    const [url, origin] of [
      ["http://localhost:8000/api/logout", "http://localhost:8000"],
      ["https://evil.example/api/logout", "https://evil.example"],
      ["https://dreamreel.example/api/logout", "http://dreamreel.example"],
      ["https://dreamreel.example/api/logout", "null"],
    ]
  ) {
    const res = await post(url, origin);
    assert.equal(res.status, 403, `${origin} -> ${url}`);
    await res.body?.cancel();
  }
});
