import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/mod.ts";

export type Db = ReturnType<typeof openDb>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Opens the database. The client keeps a pool of connections; libSQL opens each with
 * foreign keys on, and `timeout` is its busy_timeout, so every pooled connection has both.
 * synchronous stays at libSQL's FULL: a 2xx means the row survived even a power cut.
 */
export function openDb(url: string) {
  const client = createClient({ url, timeout: 5000 } as Parameters<typeof createClient>[0]);
  const db = drizzle(client, { schema });
  return Object.assign(db, { client });
}

export async function preparedDb(url: string, migrationsFolder: string): Promise<Db> {
  const db = openDb(url);
  // WAL lets readers run beside the one writer; the mode is stored in the file.
  if (url.startsWith("file:")) await db.client.execute("PRAGMA journal_mode = WAL");
  await migrate(db, { migrationsFolder });
  return db;
}

/**
 * Runs fn in a transaction that takes the write lock up front (BEGIN IMMEDIATE),
 * so two read-then-write requests cannot both act on the old state.
 */
export function writeTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return serialWrite(db, () => db.transaction(fn, { behavior: "immediate" }));
}

const writeQueues = new WeakMap<object, Promise<unknown>>();

/**
 * Runs write work one at a time per database handle. The local libSQL driver is synchronous
 * underneath: a second BEGIN IMMEDIATE while another transaction of this process waits on an
 * await would busy-wait on the one JS thread (blocking everything) and then fail SQLITE_BUSY.
 * Queuing in-process writers avoids that; other processes are still handled by busy_timeout.
 */
export function serialWrite<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const prev = writeQueues.get(db) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  writeQueues.set(db, run.catch(() => {}));
  return run;
}
