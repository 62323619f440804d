import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { openDb, writeTx } from "../db/client.ts";
import { users } from "../db/schema/mod.ts";
import { AsyncLock } from "../db/write_lock.ts";
import { makeTestEnv } from "./_helpers.ts";

Deno.test("[db] AsyncLock runs holders one at a time, in order", async () => {
  const lock = new AsyncLock();
  const log: string[] = [];
  const task = (name: string, ms: number) =>
    lock.run(async () => {
      log.push(`${name}+`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name}-`);
    });
  await Promise.all([task("a", 15), task("b", 1), task("c", 5)]);
  assert.deepEqual(log, ["a+", "a-", "b+", "b-", "c+", "c-"]);
});

Deno.test("[db] concurrent write transactions and plain writes in one process neither deadlock nor lose updates", async () => {
  await using env = await makeTestEnv();
  const [u] = await env.db.insert(users).values({ username: "counter", email: null }).returning({ id: users.id });
  // Each transaction reads, yields to the event loop, then writes: without the queue a plain write
  // on another pooled connection would wait synchronously for the lock the transaction holds.
  const bumps = Array.from({ length: 40 }, (_, i) =>
    i % 2
      ? writeTx(env.db, async (tx) => {
        const row = await tx.select({ v: users.lastSeenAt }).from(users).where(sql`id = ${u.id}`).get();
        await new Promise((r) => setTimeout(r, 1));
        await tx.update(users).set({ lastSeenAt: (row?.v ?? 0) + 1 }).where(sql`id = ${u.id}`);
      })
      : env.db.update(users).set({ lastSeenAt: sql`coalesce(${users.lastSeenAt}, 0) + 1` }).where(sql`id = ${u.id}`));
  await Promise.all(bumps);
  const row = await env.db.select({ v: users.lastSeenAt }).from(users).where(sql`id = ${u.id}`).get();
  assert.equal(row?.v, 40);
});

Deno.test("[db] a writer of another connection (another process) waits for an open transaction off the event loop", async () => {
  await using env = await makeTestEnv();
  if (env.config.dbDriver !== "sqlite") return; // the file lock is our node:sqlite client's
  // A second client on the same file takes the file lock as a second process would.
  const other = openDb(env.config.databaseUrl);
  try {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    let otherDone = false;
    const held = writeTx(env.db, async (tx) => {
      await tx.insert(users).values({ username: "first_writer", email: null });
      await new Promise((r) => setTimeout(r, 150)); // holds SQLite's write lock across awaits
      assert.equal(otherDone, false, "the other writer waits for this commit");
    });
    await new Promise((r) => setTimeout(r, 20));
    const before = ticks;
    const waiting = other.insert(users).values({ username: "second_writer", email: null }).then(() => (otherDone = true));
    await held;
    await waiting;
    clearInterval(timer);
    // Waiting in SQLite's busy handler would have blocked this event loop, and the first commit with it, for up to 5 s
    // ("database is locked"); here timers ran while the other writer waited (how many depends on the machine's load).
    assert.ok(ticks > before, "the event loop kept turning while the other writer waited");
    const names = (await env.db.select({ username: users.username }).from(users).all()).map((r) => r.username).sort();
    assert.deepEqual(names, ["first_writer", "second_writer"]);
  } finally {
    other.client.close();
  }
});
