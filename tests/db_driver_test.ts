/**
 * Issue 23 point 3: with DB_DRIVER=libsql (`deno task test:libsql`) every test runs on
 * @libsql/client's own driver; this file says which driver ran and that both open the file alike.
 */
import assert from "node:assert/strict";
import { writeTx } from "../db/client.ts";
import { hasFastReads } from "../db/sqlite_client.ts";
import { users } from "../db/schema/mod.ts";
import { createUser, makeTestEnv } from "./_helpers.ts";

const value = async (db: Awaited<ReturnType<typeof makeTestEnv>>["db"], sql: string) => (await db.client.execute(sql)).rows[0][0];

Deno.test("[db] the configured driver opens the file in WAL with foreign keys on and a busy timeout", async () => {
  await using env = await makeTestEnv();
  assert.equal(hasFastReads(env.db.client), env.config.dbDriver === "sqlite", `driver ${env.config.dbDriver}`);
  assert.equal(await value(env.db, "PRAGMA journal_mode"), "wal");
  assert.equal(await value(env.db, "PRAGMA foreign_keys"), 1);
  assert.equal(await value(env.db, "PRAGMA busy_timeout"), 5000);
});

Deno.test("[db] a transaction that throws leaves nothing; reads made meanwhile do not fail", async () => {
  await using env = await makeTestEnv();
  const user = await createUser(env.db);
  const failing = writeTx(env.db, async (tx) => {
    await tx.update(users).set({ username: "renamed_in_tx" });
    await new Promise((r) => setTimeout(r, 20));
    throw new Error("changed my mind");
  });
  const read = env.db.select({ username: users.username }).from(users).all();
  await assert.rejects(failing, /changed my mind/);
  assert.deepEqual(await read, [{ username: user.username }]);
  assert.deepEqual(await env.db.select({ username: users.username }).from(users).all(), [{ username: user.username }]);
});
