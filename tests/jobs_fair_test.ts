/**
 * The fair job queue (issue 42 point 2, decision 040), at the queue's level: owners are taken in
 * turn, short jobs before long ones by their known cost, and a long job never holds the only lane.
 */
import assert from "node:assert/strict";
import { writeTx } from "../db/client.ts";
import { claimJob, findJob, insertJob } from "../db/queries/jobs.ts";
import { enqueueJob } from "../lib/jobs/enqueue.ts";
import { type Handlers, JobRunner } from "../lib/jobs/queue.ts";
import { createMedia, createUser, makeTestEnv, type TestEnv, until } from "./_helpers.ts";

/** A member with one item, whose jobs are theirs. */
async function owner(env: TestEnv) {
  const user = await createUser(env.db);
  const item = await createMedia(env.db, { userId: user.id, title: `of ${user.username}` });
  return { user, mediaId: item.id };
}

Deno.test("[jobs] claims go round-robin across owners: a member's many jobs do not hold the others back", async () => {
  await using env = await makeTestEnv();
  const [a, b, c] = [await owner(env), await owner(env), await owner(env)];
  // A queues four first, then B two, then C one; system work (no owner) counts as one more owner.
  const jobs = [];
  for (const [who, n] of [[a, 4], [b, 2], [c, 1]] as const) {
    for (let i = 0; i < n; i++) {
      jobs.push(await insertJob(env.db, { kind: "k", payload: { who: who.mediaId, i }, mediaId: who.mediaId, maxAttempts: 3 }));
    }
  }
  const system = await insertJob(env.db, { kind: "k", payload: {}, maxAttempts: 3 });
  assert.equal(jobs[0].userId, a.user.id, "a job for an item is its owner's");
  assert.equal(system.userId, null);
  const order: number[] = [];
  for (let i = 0; i < jobs.length + 1; i++) {
    const job = await writeTx(env.db, (tx) => claimJob(tx, "w", 60_000, ["k"]));
    assert.ok(job);
    order.push(job.id);
  }
  assert.equal(await writeTx(env.db, (tx) => claimJob(tx, "w", 60_000, ["k"])), null);
  const [a1, a2, a3, a4, b1, b2, c1] = jobs.map((j) => j.id);
  assert.deepEqual(order, [a1, b1, c1, system.id, a2, b2, a3, a4]);
  // The claim number grows with each claim: what the order of owners is read from.
  const seqs = await Promise.all(order.map(async (id) => (await findJob(env.db, id))!.claimSeq!));
  assert.deepEqual(seqs, [...seqs].sort((x, y) => x - y));
});

Deno.test("[jobs] short jobs go before long ones by their known cost; an unknown cost counts as long", async () => {
  await using env = await makeTestEnv({ SHORT_JOB_MAX_WORK: "1000" });
  const { mediaId } = await owner(env);
  const long = await insertJob(env.db, { kind: "k", payload: {}, mediaId, maxAttempts: 3, cost: 5000 });
  const unknown = await insertJob(env.db, { kind: "k", payload: {}, mediaId, maxAttempts: 3, cost: null });
  const mid = await insertJob(env.db, { kind: "k", payload: {}, mediaId, maxAttempts: 3, cost: 900 });
  const small = await insertJob(env.db, { kind: "k", payload: {}, mediaId, maxAttempts: 3, cost: 10 });
  const claim = () => writeTx(env.db, (tx) => claimJob(tx, "w", 60_000, ["k"], { shortMaxWork: 1000 }));
  const order = [];
  for (let i = 0; i < 4; i++) order.push((await claim())!.id);
  assert.deepEqual(order, [small.id, mid.id, long.id, unknown.id]);
  // The short lane's claim sees no long job at all.
  const late = await insertJob(env.db, { kind: "k", payload: {}, mediaId, maxAttempts: 3, cost: 2000 });
  assert.equal(await writeTx(env.db, (tx) => claimJob(tx, "w", 60_000, ["k"], { shortMaxWork: 1000, shortOnly: true })), null);
  assert.equal((await claim())!.id, late.id);
});

Deno.test("[jobs] a long job never holds the only lane: a short job starts beside it, a second long one waits", async () => {
  await using env = await makeTestEnv({ SHORT_JOB_MAX_WORK: "1000", JOB_CONCURRENCY: "1" });
  const [a, b] = [await owner(env), await owner(env)];
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const handlers: Handlers = {
    work: {
      run: (ctx) =>
        new Promise<void>((resolve) => {
          const name = String(ctx.payload.name);
          started.push(name);
          release.set(name, resolve);
        }),
    },
  };
  const longA = await enqueueJob(env.db, env.config, { kind: "work", payload: { name: "longA" }, mediaId: a.mediaId, cost: 10_000 });
  const runner = new JobRunner(env.db, env.config, handlers).start();
  try {
    await until(() => started.includes("longA"), 30_000, "A's long job to start");
    const longA2 = await enqueueJob(env.db, env.config, { kind: "work", payload: { name: "longA2" }, mediaId: a.mediaId, cost: 10_000 });
    const shortB = await enqueueJob(env.db, env.config, { kind: "work", payload: { name: "shortB" }, mediaId: b.mediaId, cost: 100 });
    await until(() => started.includes("shortB"), 30_000, "B's short job to start beside the long one");
    assert.equal(runner.busy, 2);
    // The short lane is taken: neither another short job nor A's second long one may start.
    const shortB2 = await enqueueJob(env.db, env.config, { kind: "work", payload: { name: "shortB2" }, mediaId: b.mediaId, cost: 100 });
    release.get("shortB")!();
    await until(async () => (await findJob(env.db, shortB.id))?.state === "done", 30_000, "B's short job to finish");
    await until(() => started.includes("shortB2"), 30_000, "B's second short job in the short lane");
    assert.equal((await findJob(env.db, longA2.id))?.state, "queued", "a second long job waits while one runs (JOB_CONCURRENCY 1)");
    release.get("shortB2")!();
    release.get("longA")!();
    await until(() => started.includes("longA2"), 30_000, "A's second long job once the first is done");
    release.get("longA2")!();
    await until(async () => (await findJob(env.db, longA2.id))?.state === "done", 30_000, "the last job");
    assert.deepEqual(started, ["longA", "shortB", "shortB2", "longA2"]);
    assert.equal((await findJob(env.db, longA.id))?.state, "done");
    assert.equal((await findJob(env.db, shortB2.id))?.state, "done");
  } finally {
    for (const r of release.values()) r();
    await runner.stop();
  }
});
