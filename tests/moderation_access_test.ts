/**
 * Issue 34 point 8 for points 1-3 and 6: every new admin endpoint answers 401 to visitors and 403
 * to members (the writer of the post included) and changes nothing; reporting is open to all; the
 * watched-word list API with its bad input and its cap.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLog, watchedWords } from "../db/schema/mod.ts";
import { WATCHED_LIMITS } from "../common/moderation.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { makeThread } from "./_forum.ts";
import { commentRow, reportsOfComment } from "./_moderation.ts";

const env = await makeTestEnv({ RATE_REPORTS_PER_USER: "1000", RATE_COMMENTS_PER_USER: "1000" });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "acc_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const writer = await createUser(db, { username: "acc_writer" });
const writerCookie = await loginCookie(db, writer.id);
const member = await createUser(db, { username: "acc_member" });
const memberCookie = await loginCookie(db, member.id);

const item = await createMedia(db, { userId: writer.id, title: "Access item", reviewStatus: "approved" });
const postComment = async (content: string, cookie?: string) =>
  await json(await request(`/api/videos/${item.id}/comments`, { cookie, json: { content } }), 201);

Deno.test("[api] the moderation endpoints answer 401 to visitors and 403 to members and the post's writer, and change nothing", async () => {
  const held = await postComment("see https://spam.example");
  const shown = await postComment("a shown one", writerCookie);
  const [word] = await db.insert(watchedWords).values({ pattern: "forbidden", createdBy: admin.id }).returning();
  await json(await request(`/api/videos/${item.id}/comments/${shown.id}/report`, { cookie: memberCookie, json: { reason: "other" } }), 201);
  const [report] = await reportsOfComment(db, shown.id);
  const endpoints: [string, string, unknown?][] = [
    ["GET", "/api/admin/posts/held"],
    ["GET", "/api/admin/posts/reported"],
    ["POST", "/api/admin/posts/bulk", { action: "delete", posts: [{ kind: "comment", id: held.id }] }],
    ["POST", `/api/admin/posts/comment/${held.id}/approve`],
    ["DELETE", `/api/admin/posts/comment/${held.id}`],
    ["DELETE", `/api/admin/posts/comment/${shown.id}`],
    ["POST", `/api/admin/posts/comment/${shown.id}/dismiss-reports`],
    ["POST", `/api/admin/posts/comment/${shown.id}/reports/${report.id}/dismiss`],
    ["POST", `/api/admin/content/${item.id}/reports/1/dismiss`],
    ["GET", "/api/admin/watched-words"],
    ["POST", "/api/admin/watched-words", { word: "new word" }],
    ["DELETE", `/api/admin/watched-words/${word.id}`],
  ];
  const audits = (await db.select().from(auditLog).all()).length;
  for (const [method, path, body] of endpoints) {
    for (
      const [who, cookie, status] of [["visitor", undefined, 401], ["member", memberCookie, 403], ["writer", writerCookie, 403]] as const
    ) {
      const res = await request(path, { method, cookie, ...(body ? { json: body } : {}) });
      assert.equal(res.status, status, `${method} ${path} as ${who}`);
      await errorOf(res, status, status === 401 ? "You must be logged in" : "Only admins and moderators can do that");
    }
  }
  assert.equal((await commentRow(db, held.id))?.status, "held");
  assert.equal((await commentRow(db, shown.id))?.status, "shown");
  assert.equal((await reportsOfComment(db, shown.id))[0].status, "open");
  assert.equal((await db.select().from(watchedWords).all()).length, 1);
  assert.equal((await db.select().from(auditLog).all()).length, audits);
  // The admin gets answers, never stored by a cache.
  for (const path of ["/api/admin/posts/held", "/api/admin/posts/reported", "/api/admin/watched-words"]) {
    const res = await request(path, { cookie: adminCookie });
    await json(res);
    assert.equal(res.headers.get("cache-control"), "private, no-store");
  }
  await db.delete(watchedWords).where(eq(watchedWords.id, word.id));
});

Deno.test("[api] visitors, members, the writer and admins may all report a comment or a forum post", async () => {
  const c = await postComment("report me", writerCookie);
  const t = await makeThread(db, { userId: writer.id });
  for (const cookie of [undefined, memberCookie, writerCookie, adminCookie]) {
    await json(await request(`/api/videos/${item.id}/comments/${c.id}/report`, { cookie, json: { reason: "other" } }), 201);
    await json(await request(`/api/forum/threads/${t.id}/report`, { cookie, json: { reason: "other" } }), 201);
  }
  assert.equal((await reportsOfComment(db, c.id)).length, 4);
});

Deno.test("[api] watched words: listed, added folded (variants are the same entry: 409), removed, each audited", async () => {
  const added = await json(await request("/api/admin/watched-words", { cookie: adminCookie, json: { word: "  Cheap  FOLLOWERS* " } }), 201);
  assert.equal(added.pattern, "cheap followers*");
  assert.deepEqual(Object.keys(added).sort(), ["createdAt", "id", "pattern"]);
  for (const variant of ["cheap followers*", "CHEAP followers**", "chéap, followers*"]) {
    await errorOf(
      await request("/api/admin/watched-words", { cookie: adminCookie, json: { word: variant } }),
      409,
      "This word is already on the list",
    );
  }
  const list = await json(await request("/api/admin/watched-words", { cookie: adminCookie }));
  assert.deepEqual(list.map((w: { pattern: string }) => w.pattern), ["cheap followers*"]);
  await json(await request(`/api/admin/watched-words/${added.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.deepEqual(await json(await request("/api/admin/watched-words", { cookie: adminCookie })), []);
  await errorOf(
    await request(`/api/admin/watched-words/${added.id}`, { method: "DELETE", cookie: adminCookie }),
    404,
    "Watched word not found",
  );
  for (const bad of ["abc", "0", "-1", "1.5"]) {
    await errorOf(await request(`/api/admin/watched-words/${bad}`, { method: "DELETE", cookie: adminCookie }), 400, "Invalid id");
  }
  const actions = (await db.select().from(auditLog).where(eq(auditLog.targetId, added.id)).all())
    .filter((a) => a.targetType === "watched_word").map((a) => [a.action, JSON.parse(a.details!).word]);
  assert.deepEqual(actions, [["watched_word.add", "cheap followers*"], ["watched_word.remove", "cheap followers*"]]);
});

Deno.test("[api] watched words: bad entries answer 400 with the reason; the list is capped", async () => {
  for (
    const [body, message] of [
      [{}, "word is required"],
      [{ word: 5 }, "word must be a string"],
      [{ word: "" }, "Enter a word or a phrase"],
      [{ word: "*" }, "Each word needs a letter or a digit besides *"],
      [{ word: "x" }, "An entry needs at least two letters or digits"],
      [{ word: "a b c d e f" }, "A phrase is at most 5 words"],
      [{ word: "y".repeat(61) }, "An entry is at most 60 characters"],
      [{ word: "y".repeat(201) }, "An entry is at most 60 characters"],
      [{ word: "a*b*c*d*e" }, "At most 3 * in a word"],
    ] as const
  ) await errorOf(await request("/api/admin/watched-words", { cookie: adminCookie, json: body }), 400, message);
  await errorOf(await request("/api/admin/watched-words", { method: "POST", cookie: adminCookie, body: "word=x" }), 415);
  const rows = Array.from({ length: WATCHED_LIMITS.entries }, (_, i) => ({ pattern: `filler${i}`, createdBy: admin.id }));
  await db.insert(watchedWords).values(rows);
  await errorOf(
    await request("/api/admin/watched-words", { cookie: adminCookie, json: { word: "one more" } }),
    409,
    `The list holds at most ${WATCHED_LIMITS.entries} entries; remove one first`,
  );
  // A full list still holds posts by every entry, and the check stays quick enough to answer.
  const c = await postComment("filler299 here", memberCookie);
  assert.equal(c.status, "held");
  await db.delete(watchedWords);
});
