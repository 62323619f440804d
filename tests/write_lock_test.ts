import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { writeTx } from "../db/client.ts";
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
