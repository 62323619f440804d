/**
 * Issue 14 point 4: moderation and edits move the content version that is part of the page
 * cache's key, so the very next visitor request after any such change renders fresh.
 */
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { openDb } from "../db/client.ts";
import { createMedia, createUser, loginCookie, makeTestEnv, ORIGIN, TRUSTED } from "./_helpers.ts";

const env = await makeTestEnv({ PAGE_CACHE_SECONDS: "60", REPORT_HIDE_THRESHOLD: "1" });
const { request, db } = env;
const admin = await createUser(env.db, { username: "cache_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const owner = await createUser(env.db, { username: "cache_owner" });
const ownerCookie = await loginCookie(db, owner.id);
const reporter = await createUser(env.db, { username: "cache_reporter", ...TRUSTED });
const reporterCookie = await loginCookie(db, reporter.id);
await createMedia(db, { userId: owner.id, title: "Always there" });
// Made before any page is cached (rows written straight into the database move no version).
const rejected = await createMedia(db, { userId: owner.id, title: "Soon rejected" });
const reported = await createMedia(db, { userId: owner.id, title: "Soon reported" });
const edited = await createMedia(db, { userId: owner.id, title: "Old title here", contentType: "video", duration: 12 });
const pending = await createMedia(db, { userId: owner.id, title: "Waiting for review", reviewStatus: "pending" });
const steady = await createMedia(db, { userId: owner.id, title: "Steady title" });
const draft = await createMedia(db, { userId: owner.id, title: "Draft title", reviewStatus: "pending" });

// An explicit sort is never shuffled, so these visitor responses are always stored.
const PAGES = ["/?sortBy=newest", "/api/content/feed?sortBy=newest"];

/** Both cached visitor pages, each asked twice: the second answer comes from the cache. */
async function visitorPagesCached(): Promise<string[]> {
  const bodies = [];
  for (const path of PAGES) {
    await (await request(path)).body?.cancel();
    const hit = await request(path);
    assert.match(hit.headers.get("age") ?? "", /^\d+$/, `${path} is served from the cache`);
    bodies.push(await hit.text());
  }
  return bodies;
}

/** The very next visitor request of each page, which must be a fresh render. */
async function nextVisitorPages(): Promise<string[]> {
  const bodies = [];
  for (const path of PAGES) {
    const res = await request(path);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("age"), null, `${path} is rendered fresh after the change`);
    bodies.push(await res.text());
  }
  return bodies;
}

/** Like assert.match, without printing a whole page when it fails. */
const shows = (body: string, text: string, yes = true) => assert.equal(body.includes(text), yes, `${yes ? "shows" : "hides"} "${text}"`);

async function ok(res: Response) {
  assert.ok(res.status < 300, `${res.status}: ${await res.clone().text()}`);
  await res.body?.cancel();
}

Deno.test("[cache] approve, then the very next visitor request shows the item; delete, then it is gone", async () => {
  const item = pending;
  for (const body of await visitorPagesCached()) shows(body, "Waiting for review", false);

  await ok(await request(`/api/admin/content/${item.id}/approve`, { method: "POST", cookie: adminCookie }));
  for (const body of await nextVisitorPages()) shows(body, "Waiting for review");

  await visitorPagesCached();
  await ok(await request(`/api/admin/content/${item.id}`, { method: "DELETE", cookie: adminCookie }));
  for (const body of await nextVisitorPages()) shows(body, "Waiting for review", false);
});

Deno.test("[cache] reject, hide by reports, feature and owner edits each show on the next visitor request", async () => {
  for (const body of await visitorPagesCached()) shows(body, "Soon rejected");
  await ok(await request(`/api/admin/content/${rejected.id}/reject`, { json: { reason: "Off topic" }, cookie: adminCookie }));
  for (const body of await nextVisitorPages()) shows(body, "Soon rejected", false);

  for (const body of await visitorPagesCached()) shows(body, "Soon reported");
  await ok(await request("/api/reports", { json: { videoId: reported.id, reason: "other" }, cookie: reporterCookie }));
  for (const body of await nextVisitorPages()) shows(body, "Soon reported", false);

  const [home] = await visitorPagesCached();
  shows(home, "Featured Video", false);
  await ok(await request(`/api/admin/content/${edited.id}/feature`, { method: "POST", cookie: adminCookie }));
  shows((await nextVisitorPages())[0], "Featured Video");

  await visitorPagesCached();
  await ok(await request(`/api/videos/${edited.id}`, { method: "PUT", json: { title: "New title here" }, cookie: ownerCookie }));
  for (const body of await nextVisitorPages()) {
    shows(body, "New title here");
    shows(body, "Old title here", false);
  }
});

Deno.test("[cache] an edit visitors cannot see, and a report that hides nothing, leave the cached pages (issue 31 point 6)", async () => {
  await visitorPagesCached();
  // The same title again, a pending item's new title, a visitor's report (which never hides).
  await ok(await request(`/api/videos/${steady.id}`, { method: "PUT", json: { title: "Steady title" }, cookie: ownerCookie }));
  await ok(await request(`/api/videos/${draft.id}`, { method: "PUT", json: { title: "Draft, renamed" }, cookie: ownerCookie }));
  await ok(await request("/api/reports", { json: { videoId: steady.id, reason: "other" } }));
  for (const path of PAGES) {
    const res = await request(path);
    assert.match(res.headers.get("age") ?? "", /^\d+$/, `${path} is still served from the cache`);
    await res.body?.cancel();
  }
  // A visible change still renders fresh.
  await ok(await request(`/api/videos/${steady.id}`, { method: "PUT", json: { title: "Steady, renamed" }, cookie: ownerCookie }));
  for (const body of await nextVisitorPages()) shows(body, "Steady, renamed");
});

Deno.test("[cache] a refused moderation call leaves the cache alone", async () => {
  await visitorPagesCached();
  const refused = await request("/api/admin/content/999999/approve", { method: "POST", cookie: adminCookie });
  assert.equal(refused.status, 404);
  await refused.body?.cancel();
  const again = await request(PAGES[1]);
  assert.match(again.headers.get("age") ?? "", /^\d+$/);
  await again.body?.cancel();
});

Deno.test("[cache] an approval made by another process on the same database shows on this one's next visitor request", async () => {
  const waiting = await createMedia(db, { userId: owner.id, title: "Approved next door", reviewStatus: "pending" });
  for (const body of await visitorPagesCached()) shows(body, "Approved next door", false);
  // A second app on its own connections to the same file stands for a second server process.
  const otherDb = openDb(env.config.databaseUrl);
  try {
    const other = createApp(env.config, { db: otherDb });
    const res = await other.request(`${ORIGIN}/api/admin/content/${waiting.id}/approve`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: adminCookie },
    });
    await ok(res);
  } finally {
    otherDb.client.close();
  }
  for (const body of await nextVisitorPages()) shows(body, "Approved next door");
});

Deno.test.afterAll(() => env.close());
