/**
 * Issue 37 in pieces: the REPLICA_* settings (each falling back to S3_*, nothing without
 * REPLICA_URL), the lag and state read from Litestream's metrics and log, /healthz (no cookie,
 * no secret, 503 when the database does not answer), the admin overview's replica section, and
 * a replica that cannot be reached at start: the site runs and says which (endpoint, bucket,
 * credentials) in the log, on /healthz and on the overview. Litestream and moto/s3rver are real.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { parseConfig } from "../lib/config.ts";
import { countRateHit } from "../db/queries/rate_limits.ts";
import { startReplication } from "../lib/replica/run.ts";
import { findLitestream, freePort, litestreamYaml, parseMetrics, shadowPosition } from "../lib/replica/litestream.ts";
import { DatabaseSync } from "node:sqlite";
import { type ReplicaStatus, statusFile, writeStatus } from "../lib/replica/status.ts";
import { classify, logEvent, ReplicaTracker } from "../lib/replica/tracker.ts";
import { makeTestEnv, signedInMember, tempDir, testConfig } from "./_helpers.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";
import { startS3 } from "./_s3.ts";
import { alive, replicaEnv, waitFor } from "./_replica.ts";

const MOTO = needsMoto(import.meta.url, motoCommand());
const S3 = { S3_ENDPOINT: "http://s3.local:9000", S3_ACCESS_KEY_ID: "media-key", S3_SECRET_ACCESS_KEY: "media-secret", S3_REGION: "eu-1" };

Deno.test("[replica] settings: REPLICA_* fall back to S3_*; without REPLICA_URL there is no replica whatever else is set", () => {
  const off = parseConfig({ ...S3, REPLICA_ENDPOINT: "http://r:1", REPLICA_ACCESS_KEY_ID: "k", REPLICA_SECRET_ACCESS_KEY: "s" });
  assert.equal(off.replica, null);
  const inherited = parseConfig({ ...S3, S3_FORCE_PATH_STYLE: "true", REPLICA_URL: "s3://backups/site/db" }).replica;
  assert.deepEqual(inherited, {
    url: "s3://backups/site/db",
    bucket: "backups",
    path: "site/db",
    endpoint: "http://s3.local:9000",
    region: "eu-1",
    accessKeyId: "media-key",
    secretAccessKey: "media-secret",
    forcePathStyle: true,
    maxLagSeconds: 1.5,
  });
  const own = parseConfig({
    ...S3,
    S3_FORCE_PATH_STYLE: "true",
    REPLICA_URL: "s3://backups/db",
    REPLICA_ENDPOINT: "https://replica.example.com/",
    REPLICA_REGION: "us-west-2",
    REPLICA_ACCESS_KEY_ID: "r-key",
    REPLICA_SECRET_ACCESS_KEY: "r-secret",
    REPLICA_FORCE_PATH_STYLE: "false",
  }).replica!;
  assert.deepEqual(
    [own.endpoint, own.region, own.accessKeyId, own.secretAccessKey, own.forcePathStyle],
    ["https://replica.example.com", "us-west-2", "r-key", "r-secret", false],
  );
  assert.equal(
    parseConfig({ REPLICA_URL: "s3://b-1/x", REPLICA_ACCESS_KEY_ID: "k", REPLICA_SECRET_ACCESS_KEY: "s" }).replica!.endpoint,
    "https://s3.us-east-1.amazonaws.com",
  );
  for (const url of ["s3://backups", "s3://backups/", "https://backups/db", "s3://backups/../db", "s3://backups/a//b", "s3://B/db"]) {
    assert.throws(() => parseConfig({ ...S3, REPLICA_URL: url }), /REPLICA_URL=.*: s3:\/\/bucket\/path/, url);
  }
  assert.throws(
    () => parseConfig({ REPLICA_URL: "s3://backups/db" }),
    /REPLICA_URL needs REPLICA_ACCESS_KEY_ID \(or S3_ACCESS_KEY_ID\) and REPLICA_SECRET_ACCESS_KEY/,
  );
  assert.throws(
    () => parseConfig({ ...S3, REPLICA_URL: "s3://backups/db", DATABASE_URL: "libsql://db.example.com" }),
    /DATABASE_URL must be a file: URL/,
  );
  // A secret never shows in an error.
  assert.throws(
    () => parseConfig({ ...S3, REPLICA_URL: "s3://backups/db", REPLICA_SECRET_ACCESS_KEY: "", REPLICA_FORCE_PATH_STYLE: "maybe" }),
    (e: Error) => !e.message.includes("media-secret") && /REPLICA_FORCE_PATH_STYLE="maybe"/.test(e.message),
  );
});

Deno.test("[replica] while replicating the app leaves checkpoints to Litestream and commits unsynced; otherwise 1000-page checkpoints, fsynced", async () => {
  // Decision 050: synchronous NORMAL (1) while Litestream replicates on more than one core, FULL (2) on one and without a replica.
  const replicated = navigator.hardwareConcurrency > 1 ? 1 : 2;
  for (const [overrides, pages, synchronous] of [[{}, 1000, 2], [{ ...S3, REPLICA_URL: "s3://b-1/db" }, 0, replicated]] as const) {
    await using site = await makeTestEnv(overrides);
    const pragma = async (name: string) => Number(Object.values((await site.db.client.execute(`PRAGMA ${name}`)).rows[0])[0]);
    assert.equal(await pragma("wal_autocheckpoint"), pages, JSON.stringify(overrides));
    assert.equal(await pragma("synchronous"), synchronous, JSON.stringify(overrides));
    // A rate-limit count (the only write that asks for no fsync) leaves the connection as it found it.
    assert.deepEqual((await countRateHit(site.db, "test:key", Date.now(), 60_000)).count, 1);
    assert.equal(await pragma("synchronous"), synchronous, JSON.stringify(overrides));
    const [count] = (await site.db.client.execute("select count(*) as n from rate_limits where key = 'test:key'")).rows;
    assert.equal(Number(count.n), 1);
  }
});

Deno.test("[replica] Litestream's configuration: copies four times a second, ships every second, checkpoints at least every second; no secret", () => {
  const config = testConfig({ ...S3, REPLICA_URL: "s3://b-1/site/db", DATA_DIR: "/srv/data" });
  const yaml = litestreamYaml(config, 9999, "/srv/data/dreamreel.db");
  for (
    const line of [
      'addr: "127.0.0.1:9999"',
      '  - path: "/srv/data/dreamreel.db"',
      "    monitor-interval: 250ms",
      "    checkpoint-interval: 1s",
      "    min-checkpoint-page-count: 1000",
      "    max-checkpoint-page-count: 10000",
      '        bucket: "b-1"',
      '        path: "site/db"',
      '        endpoint: "http://s3.local:9000"',
      "        sync-interval: 1s",
      "        retention: 24h",
    ]
  ) assert.ok(yaml.split("\n").includes(line), `${line} in\n${yaml}`);
  assert.ok(!yaml.includes("media-secret") && !yaml.includes("media-key"), "the keys go in the environment, not the file");
});

Deno.test("[replica] Litestream's metrics, shadow WAL and log lines read as positions, failures and their kind", async () => {
  const metrics = [
    "# HELP litestream_shadow_wal_index ...",
    'litestream_shadow_wal_index{db="/d/dreamreel.db"} 2',
    'litestream_shadow_wal_size{db="/d/dreamreel.db"} 37112',
    'litestream_replica_wal_index{db="/d/dreamreel.db",name="s3"} 1',
    'litestream_replica_wal_offset{db="/d/dreamreel.db",name="s3"} 4120',
    "litestream_sync_count 8",
  ].join("\n");
  assert.deepEqual(parseMetrics(metrics), { replica: { index: 1, offset: 4120 } });
  assert.deepEqual(parseMetrics(metrics.split("\n").slice(0, 3).join("\n")).replica, null, "no replica position before its first sync");
  // The shadow WAL's end is its newest file's size, not the size of all its files (litestream_shadow_wal_size).
  const dir = tempDir();
  const wal = `${dir}/.dreamreel.db-litestream/generations/412748c4ce97b385/wal`;
  mkdirSync(wal, { recursive: true });
  assert.equal(await shadowPosition(`${dir}/dreamreel.db`), null, "no generation yet");
  writeFileSync(`${dir}/.dreamreel.db-litestream/generation`, "412748c4ce97b385\n");
  writeFileSync(`${wal}/00000009.wal`, new Uint8Array(11_935_672));
  writeFileSync(`${wal}/0000000a.wal`, new Uint8Array(4152));
  assert.deepEqual(await shadowPosition(`${dir}/dreamreel.db`), { index: 10, offset: 4152 });
  const error = logEvent(
    'time=2026-11-27T08:59:02Z level=ERROR msg="monitor error" db=/d/x.db replica=s3 error="RequestError: send request failed\\ncaused by: Get \\"http://127.0.0.1:1/b\\": dial tcp 127.0.0.1:1: connect: connection refused"',
  );
  assert.equal(error?.kind, "error");
  assert.match(
    (error as { text: string }).text,
    /^monitor error: RequestError: send request failed\ncaused by: Get "http:\/\/127\.0\.0\.1:1\/b"/,
  );
  assert.equal(classify((error as { text: string }).text), "unreachable");
  assert.equal(classify("NoSuchBucket: The specified bucket does not exist\n\tstatus code: 404"), "bucket");
  assert.equal(classify("InvalidAccessKeyId: The AWS Access Key Id you provided does not exist"), "credentials");
  assert.equal(classify("cannot verify wal state: disk I/O error"), "failing");
  assert.deepEqual(logEvent('time=x level=INFO msg="wal segment written" db=/d/x.db position=ab/00000000:16512'), { kind: "written" });
  assert.deepEqual(logEvent('time=x level=INFO msg="sync: new generation" reason="no generation exists"'), { kind: "generation" });
  assert.equal(logEvent("time=x level=INFO msg=litestream version=v0.3.13"), null);
  assert.equal(logEvent(`level=ERROR msg="${"x".repeat(100_000)}`)?.kind, "error", "a line without end is read up to a bound");
});

Deno.test("[replica] the lag is the age of the oldest write Litestream took that the replica lacks; down and lagging by their rules", () => {
  const config = testConfig({ ...S3, REPLICA_URL: "s3://b-1/db" });
  const t = new ReplicaTracker(config, 0);
  assert.equal(t.status(500).state, "down", "not running yet");
  t.started(42);
  t.observe({ index: 0, offset: 100 }, null, 1000); // first snapshot under way
  assert.deepEqual([t.status(4000).state, t.status(4000).lagSeconds, t.status(4000).syncedAt], ["ok", 4, null]);
  t.observe({ index: 0, offset: 100 }, { index: 0, offset: 100 }, 5000);
  assert.deepEqual([t.status(5000).lagSeconds, t.status(5000).syncedAt], [0, 5000]);
  // Writes go on every second; the replica follows one poll behind: the lag stays about a second.
  for (let s = 6; s <= 30; s++) t.observe({ index: 0, offset: 100 * s }, { index: 0, offset: 100 * (s - 1) }, s * 1000);
  assert.deepEqual([t.status(30_000).state, t.status(30_000).lagSeconds, t.status(30_000).syncedAt], ["ok", 1, 29_000]);
  // The replica stops taking writes: the lag grows from the first write it lacks.
  for (let s = 31; s <= 45; s++) t.observe({ index: 0, offset: 100 * s }, { index: 0, offset: 2900 }, s * 1000);
  assert.deepEqual([t.status(45_000).state, t.status(45_000).lagSeconds], ["lagging", 16]);
  // It catches up in one go.
  t.observe({ index: 0, offset: 4500 }, { index: 0, offset: 4500 }, 46_000);
  assert.deepEqual([t.status(46_000).state, t.status(46_000).lagSeconds, t.status(46_000).syncedAt], ["ok", 0, 46_000]);
  // A failure makes it down until something reaches the replica again.
  t.failed("credentials", "refused", 47_000);
  assert.deepEqual([t.status(47_000).state, t.status(47_000).problem, t.status(47_000).lastError], ["down", "credentials", "refused"]);
  t.succeeded(48_000);
  assert.deepEqual([t.status(48_000).state, t.status(48_000).problem, t.status(48_000).lastError], ["ok", null, "refused"]);
  // A new generation starts over at index 0: not "ahead", not synced until the replica has it.
  t.observe({ index: 0, offset: 32 }, { index: 0, offset: 4500 }, 49_000);
  assert.equal(t.status(49_000).syncedAt, 46_000);
  t.stopped(50_000);
  assert.deepEqual([t.status(50_000).state, t.status(50_000).problem, t.status(50_000).pid], ["down", "not-running", null]);
});

const env = await makeTestEnv();
const admin = await signedInMember(env.db, { isAdmin: true });

Deno.test("[replica] /healthz: db and replica off, no cookie set even for a stale one, no-store; the admin overview says Off", async () => {
  const res = await env.request("/healthz", { ageCookie: false, cookie: "dr_session=stale" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /application\/json/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.deepEqual(res.headers.getSetCookie(), []);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.deepEqual(await res.json(), { db: "ok", replica: "off" });
  const page = await (await env.request("/admin", { cookie: admin.cookie })).text();
  assert.match(page, /data-replica="off"[\s\S]*Database replica[\s\S]*Off<\/span>[\s\S]*Not configured: set REPLICA_URL/);
  assert.equal(existsSync(statusFile(env.config)), false);
});

Deno.test("[replica] /healthz and the overview read the state the main process wrote; a stale one is down; no bucket or key on /healthz", async () => {
  await using site = await makeTestEnv({ ...S3, REPLICA_URL: "s3://secret-bucket/db" });
  const admin2 = await signedInMember(site.db, { isAdmin: true });
  const now = Date.now();
  const base: ReplicaStatus = {
    state: "ok",
    syncedAt: now - 1000,
    lagSeconds: 1,
    problem: null,
    lastError: null,
    lastErrorAt: null,
    pid: 1,
    restarts: 0,
    updatedAt: now,
  };
  const health = async () => await (await site.request("/healthz")).json();
  await writeStatus(site.config, base);
  assert.deepEqual(await health(), {
    db: "ok",
    replica: "ok",
    replicaLagSeconds: 1,
    replicaSyncedAt: new Date(now - 1000).toISOString(),
    replicaDelayedWrites: 0,
  });
  await writeStatus(site.config, { ...base, state: "lagging", lagSeconds: 14, syncedAt: now - 14_000 });
  assert.equal((await health()).replica, "lagging");
  const lastError =
    'bucket "secret-bucket" at http://s3.local:9000 refused the credentials: check REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY';
  await writeStatus(site.config, { ...base, state: "down", problem: "credentials", lastError, lastErrorAt: now });
  const down = await site.request("/healthz");
  assert.equal(down.status, 200, "the database answers: the site is healthy, its replica is not");
  const text = await down.text();
  assert.deepEqual(JSON.parse(text).replicaProblem, "credentials");
  assert.ok(!/secret-bucket|s3\.local|media-key|media-secret/.test(text), text);
  const page = await (await site.request("/admin", { cookie: admin2.cookie })).text();
  assert.match(page, /data-replica="down"[\s\S]*Down<\/span>[\s\S]*Last error[\s\S]*refused the credentials: check REPLICA_ACCESS_KEY_ID/);
  // The main process stopped writing it: down, not running.
  await writeStatus(site.config, { ...base, updatedAt: now - 10_000 });
  assert.deepEqual([(await health()).replica, (await health()).replicaProblem], ["down", "not-running"]);
  writeFileSync(statusFile(site.config), "{ half");
  assert.equal((await health()).replica, "down");
});

Deno.test("[replica] /healthz answers 503 when the database does not answer", async () => {
  const site = await makeTestEnv();
  site.close();
  const res = await site.request("/healthz");
  assert.equal(res.status, 503);
  assert.deepEqual(await res.json(), { db: "down", replica: "off" });
});

Deno.test({
  name: "[replica] a replica unreachable at start does not stop the site: endpoint, missing bucket, refused credentials, each said",
  ignore: !MOTO,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const deadPort = closed.addr.port;
    closed.close();
    const moto = await startMoto();
    const s3rver = await startS3(); // s3rver checks credentials; moto takes any
    try {
      const cases: [Record<string, string>, string, RegExp][] = [
        [
          { ...replicaEnv(moto, "a"), REPLICA_ENDPOINT: `http://127.0.0.1:${deadPort}` },
          "unreachable",
          /^cannot reach the replica endpoint http:\/\/127\.0\.0\.1:\d+ \(wrong REPLICA_ENDPOINT, or the server is down\)$/,
        ],
        [
          { ...replicaEnv(moto, "b"), REPLICA_URL: "s3://no-such-bucket/b" },
          "bucket",
          /^bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist \(create it, or fix REPLICA_URL\)$/,
        ],
        [
          { ...replicaEnv(s3rver, "c"), REPLICA_ACCESS_KEY_ID: "WRONG" },
          "credentials",
          /^bucket "dreamreel-test" at http:\/\/127\.0\.0\.1:\d+ refused the credentials: check REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY$/,
        ],
      ];
      for (const [overrides, problem, message] of cases) {
        await using site = await makeTestEnv(overrides);
        const replication = startReplication(site.config, site.db)!;
        try {
          const h = await waitFor(`/healthz saying ${problem}`, async () => {
            const body = await (await site.request("/healthz")).json();
            return body.replicaProblem === problem && body;
          });
          assert.equal(h.db, "ok");
          assert.equal(h.replica, "down");
          assert.match(replication.tracker.status().lastError!, message);
          assert.equal((await site.request("/api/content/feed")).status, 200, "the site serves");
        } finally {
          await replication.stop();
        }
      }
    } finally {
      await moto.close();
      await s3rver.close();
    }
  },
});

Deno.test({
  name: "[replica] Litestream never outlives its owner: kill -9 of the owner stops it (the sh that holds it sends SIGTERM)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = tempDir();
    const config = testConfig({ DATA_DIR: dir, ...S3, S3_ENDPOINT: "http://127.0.0.1:9", REPLICA_URL: "s3://b-1/db" });
    const { bin } = findLitestream(config);
    new DatabaseSync(`${dir}/dreamreel.db`).exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x)");
    writeFileSync(`${dir}/litestream.yml`, litestreamYaml(config, freePort()));
    // The owner: a process that starts Litestream the way run.ts does, prints its pid, and waits.
    const code = `import { spawnLitestream } from ${JSON.stringify(new URL("../lib/replica/litestream.ts", import.meta.url).href)};
      const child = spawnLitestream(${JSON.stringify(bin)}, ${JSON.stringify(`${dir}/litestream.yml`)}, {});
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) console.log(chunk);`;
    const owner = new Deno.Command(Deno.execPath(), { args: ["eval", code], stdout: "piped", stderr: "null" }).spawn();
    const reader = owner.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!/litestream-pid=(\d+)/.test(text)) text += (await reader.read()).value ?? "";
    const pid = Number(/litestream-pid=(\d+)/.exec(text)![1]);
    assert.ok(alive(pid), "Litestream runs");
    owner.kill("SIGKILL");
    await owner.status;
    await waitFor("Litestream to stop", () => !alive(pid), 20_000);
    reader.releaseLock();
  },
});

Deno.test({ name: "[replica] close", fn: () => env.close(), sanitizeResources: false, sanitizeOps: false });
