/**
 * The forum's "Total Threads" and "Comments" stats are kept by triggers (migration 0034, decision
 * 047) rather than counted on every view: they follow every way a thread or comment appears or
 * leaves the shown ones (posted, held and approved, hidden, deleted, deleted with its thread).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { threadComments, threads } from "../db/schema/mod.ts";
import { readCounter } from "../db/queries/counters.ts";
import { createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const member = await createUser(db, { username: "totals_member", emailVerified: true, createdAt: Date.now() - 7 * 86_400_000 });
const cookie = await loginCookie(db, member.id);

const one = async (sql: string) => Number((await db.client.execute(sql)).rows[0][0]);
async function assertTotals(what: string) {
  const threadsShown = await one("SELECT count(*) FROM threads WHERE status = 'shown'");
  const commentsShown = await one("SELECT count(*) FROM thread_comments WHERE status = 'shown'");
  assert.equal(await readCounter(db, "forum:threads"), threadsShown, `${what}: threads`);
  assert.equal(await readCounter(db, "forum:comments"), commentsShown, `${what}: comments`);
  const res = await request("/forum");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  const page = await res.text();
  assert.match(page, new RegExp(`data-stat="Total Threads">${threadsShown}<`), `${what}: the page shows it`);
  assert.match(page, new RegExp(`data-stat="Comments">${commentsShown}<`), `${what}: the page shows it`);
}

Deno.test("[db] the forum's totals follow posts, holds, approvals, hiding and deletions", async () => {
  await assertTotals("empty");
  const a = await json(await request("/api/forum/threads", { cookie, json: { title: "Counted", content: "One" } }), 201);
  const b = await json(await request("/api/forum/threads", { cookie, json: { title: "Counted too", content: "Two" } }), 201);
  await assertTotals("two threads");
  for (const content of ["first", "second", "third"]) {
    await json(await request(`/api/forum/threads/${a.id}/comments`, { cookie, json: { content } }), 201);
  }
  await json(await request(`/api/forum/threads/${b.id}/comments`, { cookie, json: { content: "on b" } }), 201);
  await assertTotals("four comments");
  // Held, then approved; hidden, then shown again (what moderation writes).
  await db.update(threads).set({ status: "held" }).where(eq(threads.id, b.id));
  await assertTotals("a thread held");
  await db.update(threads).set({ status: "shown" }).where(eq(threads.id, b.id));
  const [c] = await db.select().from(threadComments).where(eq(threadComments.threadId, a.id)).limit(1);
  await db.update(threadComments).set({ status: "hidden" }).where(eq(threadComments.id, c.id));
  await assertTotals("a comment hidden");
  // The status written again unchanged moves nothing.
  await db.update(threadComments).set({ status: "hidden" }).where(eq(threadComments.id, c.id));
  await assertTotals("hidden twice");
  await json(await request(`/api/forum/threads/${a.id}`, { method: "DELETE", cookie }));
  assert.equal((await db.select().from(threadComments).where(eq(threadComments.threadId, a.id))).length, 0, "comments went with it");
  await assertTotals("a thread deleted with its comments");
  assert.equal(await readCounter(db, "forum:threads"), 1);
  assert.equal(await readCounter(db, "forum:comments"), 1);
});
