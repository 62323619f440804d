/** The durable job queue (lib/jobs/): claims exactly once across connections, leases, retries, shutdown. */
import assert from "node:assert/strict";
import { writeTx } from "../db/client.ts";
import { claimJob, findJob, insertJob } from "../db/queries/jobs.ts";
import { enqueueJob } from "../lib/jobs/enqueue.ts";
import { type Handlers, JobRunner, PermanentJobError } from "../lib/jobs/queue.ts";
import { makeTestEnv, until } from "./_helpers.ts";

Deno.test("[jobs] two worker processes on one database run each of 40 jobs exactly once", async () => {
  await using env = await makeTestEnv();
  for (let n = 0; n < 40; n++) await enqueueJob(env.db, env.config, { kind: "count", payload: { n } });
  const spawn = () =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("./_count_worker.ts", import.meta.url).pathname],
      env: { DATA_DIR: env.config.dataDir, JOB_CONCURRENCY: "3", LOG_LEVEL: "error", NODE_ENV: "production" },
      stdout: "null",
      stderr: "inherit",
    }).spawn();
  const workers = [spawn(), spawn()];
  try {
    await until(async () => (await env.db.query.jobs.findMany()).every((j) => j.state === "done"), 15_000);
  } finally {
    for (const w of workers) w.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.status));
  }
  const runs = (await Deno.readTextFile(`${env.config.dataDir}/runs.log`)).trim().split("\n").map(Number);
  assert.deepEqual([...runs].sort((x, y) => x - y), [...Array(40).keys()]);
});

Deno.test("[jobs] a claim is exclusive: a second claim sees nothing until the lease runs out, then takes it again", async () => {
  await using env = await makeTestEnv();
  const job = await insertJob(env.db, { kind: "k", payload: {}, maxAttempts: 3 });
  const first = await writeTx(env.db, (tx) => claimJob(tx, "a", 200, ["k"]));
  assert.equal(first?.id, job.id);
  assert.equal(await writeTx(env.db, (tx) => claimJob(tx, "b", 200, ["k"])), null);
  await new Promise((r) => setTimeout(r, 250));
  const again = await writeTx(env.db, (tx) => claimJob(tx, "b", 200, ["k"]));
  assert.equal(again?.id, job.id);
  assert.equal(again?.leaseOwner, "b");
  assert.equal(again?.attempts, 2);
});

Deno.test("[jobs] a running job's lease is renewed: a job longer than its lease is not taken by another runner", async () => {
  await using env = await makeTestEnv({ JOB_LEASE_SECONDS: "1" });
  let runs = 0;
  const handlers: Handlers = { slow: { run: () => (runs++, new Promise((r) => setTimeout(r, 1800))) } };
  const job = await enqueueJob(env.db, env.config, { kind: "slow", payload: {} });
  const a = new JobRunner(env.db, env.config, handlers).start();
  await until(() => runs === 1);
  const b = new JobRunner(env.db, env.config, handlers).start();
  await until(async () => (await findJob(env.db, job.id))?.state === "done");
  await Promise.all([a.stop(), b.stop()]);
  assert.equal(runs, 1);
  assert.equal((await findJob(env.db, job.id))?.attempts, 1);
});

Deno.test("[jobs] failures retry with backoff, then end as failed with the reason; a permanent failure does not retry", async () => {
  await using env = await makeTestEnv({ JOB_RETRY_SECONDS: "1", JOB_MAX_ATTEMPTS: "2" });
  const times: number[] = [];
  const failures: [string, boolean][] = [];
  const handlers: Handlers = {
    flaky: {
      run: () => {
        times.push(Date.now());
        throw new Error("disk on fire");
      },
      onFailure: (_db, _job, reason, final) => Promise.resolve(void failures.push([reason, final])),
    },
    broken: {
      run: () => {
        throw new PermanentJobError("The video could not be decoded.");
      },
    },
  };
  const flaky = await enqueueJob(env.db, env.config, { kind: "flaky", payload: {} });
  const broken = await enqueueJob(env.db, env.config, { kind: "broken", payload: {} });
  const runner = new JobRunner(env.db, env.config, handlers).start();
  await until(async () => (await findJob(env.db, flaky.id))?.state === "failed");
  await until(async () => (await findJob(env.db, broken.id))?.state === "failed");
  await runner.stop();
  assert.equal(times.length, 2);
  assert.ok(times[1] - times[0] >= 950, `retried after ${times[1] - times[0]} ms`);
  assert.deepEqual(failures, [["disk on fire", false], ["disk on fire", true]]);
  const row = await findJob(env.db, flaky.id);
  assert.equal(row?.error, "disk on fire");
  assert.equal(row?.leaseOwner, null);
  const b = await findJob(env.db, broken.id);
  assert.equal(b?.attempts, 1);
  assert.equal(b?.error, "The video could not be decoded.");
});

Deno.test("[jobs] stop() stops claiming and hands a running job back to the queue, attempt not counted", async () => {
  await using env = await makeTestEnv();
  let started = false;
  const handlers: Handlers = {
    long: {
      run: (ctx) =>
        new Promise((_, reject) => {
          started = true;
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
        }),
    },
  };
  const job = await enqueueJob(env.db, env.config, { kind: "long", payload: {} });
  const queuedLater = await insertJob(env.db, { kind: "long", payload: {}, maxAttempts: 3, runAfter: Date.now() + 60_000 });
  const runner = new JobRunner(env.db, env.config, handlers).start();
  await until(() => started);
  await runner.stop();
  const row = await findJob(env.db, job.id);
  assert.equal(row?.state, "queued");
  assert.equal(row?.attempts, 0);
  assert.equal(row?.leaseOwner, null);
  assert.equal((await findJob(env.db, queuedLater.id))?.state, "queued");
});
