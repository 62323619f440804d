import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { blocks, users } from "../db/schema/mod.ts";
import { MESSAGE_MSG } from "../common/message_rules.ts";
import { PROFILE_PAGE_SIZE } from "../common/profile_rules.ts";
import { createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv();
const { db, request } = env;
const member = (opts: Parameters<typeof signedInMember>[1] = {}) => signedInMember(db, opts);
Deno.test.afterAll(() => env.close());

const blockRows = (blocker: number) => db.select().from(blocks).where(eq(blocks.blockerId, blocker)).all();
const ban = (id: number) => db.update(users).set({ banned: true }).where(eq(users.id, id));

// ---------------------------------------------------------------- block / unblock

Deno.test("[api] POST and DELETE /api/users/block/{userId} add and lift a block, each idempotent", async () => {
  const [a, b] = [await member(), await member()];
  const first = await json(await request(`/api/users/block/${b.id}`, { method: "POST", cookie: a.cookie }));
  assert.deepEqual(first, { success: true, blocked: true, changed: true });
  assert.deepEqual((await blockRows(a.id)).map((r) => r.blockedId), [b.id]);
  const again = await json(await request(`/api/users/block/${b.id}`, { method: "POST", cookie: a.cookie }));
  assert.equal(again.changed, false);
  assert.equal((await blockRows(a.id)).length, 1);
  assert.equal((await blockRows(b.id)).length, 0, "blocking is one-way");
  const lifted = await json(await request(`/api/users/block/${b.id}`, { method: "DELETE", cookie: a.cookie }));
  assert.deepEqual(lifted, { success: true, blocked: false, changed: true });
  assert.equal((await blockRows(a.id)).length, 0);
  assert.equal((await json(await request(`/api/users/block/${b.id}`, { method: "DELETE", cookie: a.cookie }))).changed, false);
});

Deno.test("[api] /api/users/block/{userId}: visitors 401, oneself 400, bad ids 400, unknown 404, cross-site 403; nothing stored", async () => {
  const [a, b] = [await member(), await member()];
  for (const method of ["POST", "DELETE"]) {
    await errorOf(await request(`/api/users/block/${b.id}`, { method }), 401);
    assert.equal(await errorOf(await request(`/api/users/block/${a.id}`, { method, cookie: a.cookie }), 400), MESSAGE_MSG.blockSelf);
    for (const bad of ["abc", "0", "-2", "2.5", "99999999999999999"]) {
      assert.equal(await errorOf(await request(`/api/users/block/${bad}`, { method, cookie: a.cookie }), 400), MESSAGE_MSG.invalidUser);
    }
    assert.equal(await errorOf(await request("/api/users/block/999999", { method, cookie: a.cookie }), 404), MESSAGE_MSG.userNotFound);
  }
  const csrf = await request(`/api/users/block/${b.id}`, { method: "POST", cookie: a.cookie, headers: { origin: "https://evil.example" } });
  assert.equal(csrf.status, 403);
  await csrf.body?.cancel();
  assert.equal((await db.select().from(blocks).where(and(eq(blocks.blockerId, a.id))).all()).length, 0);
});

Deno.test("[api] a banned member can still be blocked (their old conversation can be cleared from view)", async () => {
  const [a, gone] = [await member(), await member()];
  await ban(gone.id);
  await json(await request(`/api/users/block/${gone.id}`, { method: "POST", cookie: a.cookie }));
  assert.equal((await blockRows(a.id)).length, 1);
});

// ---------------------------------------------------------------- profiles

Deno.test("[api] GET /api/users/{id}/profile and /api/users/by-username/{username}: id, username, createdAt, isAdmin, follow counts; never the email", async () => {
  const m = await member({ username: "Profile_Person" });
  const admin = await member({ username: "profile_admin", isAdmin: true });
  for (const path of [`/api/users/${m.id}/profile`, "/api/users/by-username/Profile_Person", "/api/users/by-username/profile_person"]) {
    const res = await request(path);
    const text = await res.clone().text();
    const body = await json(res);
    assert.deepEqual(Object.keys(body).toSorted(), ["createdAt", "followerCount", "followingCount", "id", "isAdmin", "username"], path);
    assert.deepEqual([body.id, body.username, body.isAdmin], [m.id, "Profile_Person", false]);
    assert.equal(body.createdAt, new Date(m.createdAt).toISOString());
    assert.ok(!text.includes("@"), `${path} leaks no email`);
    assert.ok(!/email|password|banned/i.test(text));
  }
  // Signed in (even as an admin) the answer is the same shape, plus whether the viewer follows the member (issue 32).
  const asAdmin = await json(await request(`/api/users/${m.id}/profile`, { cookie: admin.cookie }));
  assert.deepEqual(Object.keys(asAdmin).toSorted(), [
    "createdAt",
    "followerCount",
    "followingCount",
    "id",
    "isAdmin",
    "isFollowing",
    "username",
  ]);
  assert.equal((await json(await request(`/api/users/${admin.id}/profile`))).isAdmin, true);
});

Deno.test("[api] profile lookups: unknown 404, bad ids 400, banned members 404 to the public but not to admins", async () => {
  const [m, admin] = [await member(), await member({ isAdmin: true })];
  assert.equal(await errorOf(await request("/api/users/999999/profile"), 404), MESSAGE_MSG.userNotFound);
  assert.equal(await errorOf(await request("/api/users/by-username/nobody_here"), 404), MESSAGE_MSG.userNotFound);
  assert.equal(await errorOf(await request(`/api/users/by-username/${"x".repeat(300)}`), 404), MESSAGE_MSG.userNotFound);
  for (const bad of ["abc", "0", "-1", "1.5"]) await errorOf(await request(`/api/users/${bad}/profile`), 400);
  await ban(m.id);
  await errorOf(await request(`/api/users/${m.id}/profile`), 404);
  await errorOf(await request(`/api/users/by-username/${m.username}`), 404);
  await errorOf(await request(`/api/users/${m.id}/content`), 404);
  const other = await member();
  await errorOf(await request(`/api/users/${m.id}/profile`, { cookie: other.cookie }), 404);
  assert.equal((await json(await request(`/api/users/${m.id}/profile`, { cookie: admin.cookie }))).id, m.id);
});

Deno.test("[api] GET /api/users/{id}/content: the member's approved, unhidden items only, newest first, paged", async () => {
  const owner = await member();
  const other = await member();
  const approved = [];
  for (let i = 0; i < PROFILE_PAGE_SIZE + 2; i++) {
    approved.push(await createMedia(db, { userId: owner.id, title: `Approved ${i}`, createdAt: 1_700_000_000_000 + i * 1000 }));
  }
  const pending = await createMedia(db, { userId: owner.id, title: "Pending one", reviewStatus: "pending", createdAt: 1_800_000_000_000 });
  const rejected = await createMedia(db, {
    userId: owner.id,
    title: "Rejected one",
    reviewStatus: "rejected",
    createdAt: 1_800_000_000_000,
  });
  const hidden = await createMedia(db, { userId: owner.id, title: "Hidden one", hidden: true, createdAt: 1_800_000_000_000 });
  await createMedia(db, { userId: other.id, title: "Someone else's" });

  const first = await json(await request(`/api/users/${owner.id}/content`));
  assert.deepEqual(Object.keys(first).toSorted(), ["content", "next", "page", "pageSize", "totalCount"]);
  assert.equal(typeof first.next, "string", "a cursor for the page after (issue 44)");
  assert.equal(first.totalCount, PROFILE_PAGE_SIZE + 2);
  assert.equal(first.page, 1);
  assert.equal(first.content.length, PROFILE_PAGE_SIZE);
  assert.equal(first.content[0].title, `Approved ${PROFILE_PAGE_SIZE + 1}`, "newest first");
  const second = await json(await request(`/api/users/${owner.id}/content?page=2`));
  assert.deepEqual(second.content.map((i: { title: string }) => i.title), ["Approved 1", "Approved 0"]);
  assert.equal(second.next, null, "the last page has no cursor");
  const byCursor = await json(await request(`/api/users/${owner.id}/content?cursor=${first.next}`));
  assert.deepEqual(byCursor, second, "the cursor's page is page 2");
  const all = [...first.content, ...second.content];
  const ids = new Set(all.map((i: { id: number }) => i.id));
  for (const gone of [pending, rejected, hidden]) assert.ok(!ids.has(gone.id), `${gone.title} is not public`);
  assert.equal(ids.size, approved.length);
  assert.ok(all.every((i: { reviewStatus: string; userId: number }) => i.reviewStatus === "approved" && i.userId === owner.id));
  // Even the owner and an admin get public items only here: this is the public grid.
  const own = await json(await request(`/api/users/${owner.id}/content?limit=48`, { cookie: owner.cookie }));
  assert.equal(own.content.length, approved.length);
  assert.equal((await json(await request(`/api/users/${owner.id}/content?page=9`))).content.length, 0);
  assert.ok(!JSON.stringify(own).includes("@example.com"), "no uploader email in items");
});

Deno.test("[api] GET /api/users/{id}/content rejects bad paging and ids", async () => {
  const owner = await member();
  for (const q of ["page=0", "page=x", "page=-1", "limit=0", "limit=49", "limit=abc"]) {
    await errorOf(await request(`/api/users/${owner.id}/content?${q}`), 400);
  }
  await errorOf(await request("/api/users/abc/content"), 400);
  await errorOf(await request("/api/users/999999/content"), 404);
  assert.deepEqual((await json(await request(`/api/users/${owner.id}/content`))).content, []);
});
