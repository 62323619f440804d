/**
 * Issue 44 point 3, decision 050: writes wait a little while the replica trails more than
 * REPLICA_MAX_LAG_SECONDS, at most 250 ms each, and only while the replica is ok or lagging with a
 * fresh status; never without a replica, with the setting at 0, or when it is down. The real
 * server on moto: moto paused (SIGSTOP), the replica falls behind, writes still answer and
 * /healthz counts the writes that waited.
 */
import assert from "node:assert/strict";
import { parseConfig } from "../lib/config.ts";
import { MAX_WAIT_MS, WriteBackpressure } from "../lib/replica/backpressure.ts";
import { type ReplicaStatus, writeStatus } from "../lib/replica/status.ts";
import { tempDir } from "./_helpers.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";
import { call, cookieOf, healthz, replicaEnv, startSite, waitFor } from "./_replica.ts";

const MOTO = needsMoto(import.meta.url, motoCommand());
const REPLICA = { REPLICA_URL: "s3://backups/db", REPLICA_ACCESS_KEY_ID: "k", REPLICA_SECRET_ACCESS_KEY: "s", REPLICA_REGION: "eu-1" };

const status = (over: Partial<ReplicaStatus>): ReplicaStatus => ({
  state: "ok",
  syncedAt: Date.now() - 3000,
  lagSeconds: 3,
  lagMs: 3000,
  problem: null,
  lastError: null,
  lastErrorAt: null,
  pid: 1,
  restarts: 0,
  updatedAt: Date.now(),
  ...over,
});

/** What a write starting now would do after the gate read `s` from the status file. */
async function gateAfter(env: Record<string, string>, s: ReplicaStatus | null) {
  const config = parseConfig({ DATA_DIR: tempDir(), ...env });
  if (s && config.replica) await writeStatus(config, s);
  const gate = new WriteBackpressure(config);
  await gate.refresh();
  const wait = gate.beforeWrite();
  await wait;
  return { waited: wait !== undefined, delayed: gate.delayed, ms: gate.waitMs() };
}

Deno.test("[replica] back-pressure: a write waits only while a fresh ok/lagging status says the replica is past the bound", async () => {
  const behind = await gateAfter(REPLICA, status({}));
  assert.deepEqual(behind, { waited: true, delayed: 1, ms: MAX_WAIT_MS }, "3 s behind with a 1.5 s bound: the capped wait");
  const lagging = await gateAfter(REPLICA, status({ state: "lagging", lagSeconds: 12, lagMs: 12_000 }));
  assert.equal(lagging.ms, MAX_WAIT_MS, "never more than the cap, however far behind");
  const near = await gateAfter(REPLICA, status({ lagSeconds: 2, lagMs: 1800 }));
  assert.ok(near.waited && near.ms > 0 && near.ms < MAX_WAIT_MS, `a little past the bound, a shorter wait: ${near.ms} ms`);
  // Within the bound, no replica, the setting at 0, a replica down, a stale status, no status file: no wait at all.
  for (
    const [what, env, s] of [
      ["within the bound", REPLICA, status({ lagSeconds: 1, lagMs: 900 })],
      ["no replica", {}, status({})],
      ["REPLICA_MAX_LAG_SECONDS=0", { ...REPLICA, REPLICA_MAX_LAG_SECONDS: "0" }, status({})],
      ["down (not running)", REPLICA, status({ state: "down", problem: "not-running", pid: null })],
      ["down (failing)", REPLICA, status({ state: "down", problem: "unreachable" })],
      ["a stale status", REPLICA, status({ updatedAt: Date.now() - 3000 })],
      ["no status file", REPLICA, null],
    ] as const
  ) {
    assert.deepEqual(await gateAfter(env, s), { waited: false, delayed: 0, ms: 0 }, what);
  }
  // A larger bound moves the threshold.
  assert.equal((await gateAfter({ ...REPLICA, REPLICA_MAX_LAG_SECONDS: "5" }, status({}))).waited, false);
  assert.throws(() => parseConfig({ ...REPLICA, REPLICA_MAX_LAG_SECONDS: "-1" }), /REPLICA_MAX_LAG_SECONDS/);
});

Deno.test({
  name: "[replica] back-pressure on the real server: the bucket stalls, writes still answer and are counted as delayed; none before",
  ignore: !MOTO,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const moto = await startMoto();
    const dataDir = tempDir();
    const site = await startSite(dataDir, {
      ...replicaEnv(moto, "backpressure"),
      RATE_REGISTER_PER_IP: "1000",
      RATE_MESSAGES_PER_USER: "100000",
    });
    let paused = false;
    try {
      const { url } = site;
      await waitFor("the replica in sync", async () => (await healthz(url)).body.replica === "ok");
      const members: { id: number; cookie: string }[] = [];
      for (const name of ["press_a", "press_b"]) {
        const res = await call(url, "/api/register", {
          json: {
            username: name,
            email: `${name}@example.com`,
            dateOfBirth: "1990-01-01",
            password: "pressure-password",
            termsAccepted: true,
          },
        });
        assert.equal(res.status, 201);
        members.push({ id: (await res.json()).id as number, cookie: cookieOf(res) });
      }
      const send = async (content: string) => {
        const res = await call(url, "/api/messages/send", { cookie: members[0].cookie, json: { receiverId: members[1].id, content } });
        const text = await res.text();
        assert.equal(res.status, 201, text);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.equal(typeof JSON.parse(text).id, "number", text);
      };
      await send("in sync");
      await waitFor("the write on the replica", async () => (await healthz(url)).body.replicaLagSeconds === 0);
      // In sync, a write does not wait (a loaded machine may have made the start-up writes wait, hence a baseline).
      const inSync = (await healthz(url)).body.replicaDelayedWrites;
      assert.equal(typeof inSync, "number");
      await send("still in sync");
      assert.equal((await healthz(url)).body.replicaDelayedWrites, inSync, "a replica in sync delays nothing");

      // The bucket stops answering: Litestream still takes the WAL, the replica falls behind.
      Deno.kill(moto.pid, "SIGSTOP");
      paused = true;
      let i = 0;
      const trailing = await waitFor("the replica more than 1 s behind while ok", async () => {
        await send(`while the bucket stalls ${i++}`);
        const h = (await healthz(url)).body;
        return (h.replica === "ok" || h.replica === "lagging") && h.replicaLagSeconds >= 2 && h;
      });
      assert.equal(trailing.db, "ok");
      // Writes still answer (each wait is capped), and the ones that waited are counted.
      const delayed = await waitFor("writes delayed", async () => {
        await send(`delayed ${i++}`);
        const h = (await healthz(url)).body;
        return h.replicaDelayedWrites > 0 && h;
      });
      assert.ok(delayed.replica === "ok" || delayed.replica === "lagging", JSON.stringify(delayed));
      // Reads never wait: a page answers.
      assert.equal((await fetch(`${url}/healthz`)).status, 200);

      Deno.kill(moto.pid, "SIGCONT");
      paused = false;
      await waitFor("the replica caught up", async () => {
        const h = (await healthz(url)).body;
        return h.replica === "ok" && h.replicaLagSeconds === 0;
      }, 120_000);
      // In sync again, writes stop waiting (one more may still have read the status of a moment before).
      await waitFor("a write that does not wait", async () => {
        const before = (await healthz(url)).body.replicaDelayedWrites;
        await send(`after the catch-up ${i++}`);
        return (await healthz(url)).body.replicaDelayedWrites === before;
      }, 30_000);
    } finally {
      if (paused) Deno.kill(moto.pid, "SIGCONT");
      site.child.kill("SIGTERM");
      await site.child.status;
      await moto.close();
    }
  },
});
