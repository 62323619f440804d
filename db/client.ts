import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/mod.ts";
import { createSqliteClient } from "./sqlite_client.ts";

export type Db = ReturnType<typeof openDb>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `file:./data/x.db`, `file:/abs/x.db` or `file:///abs/x.db` to a path. */
export function fileUrlPath(url: string): string {
  return url.replace(/^file:(\/\/(localhost)?(?=\/))?/, "");
}

/**
 * Opens the database through drizzle's libSQL driver. Local files use our client over Deno's
 * built-in SQLite (db/sqlite_client.ts: WAL, synchronous=FULL so a 2xx survives a power cut,
 * foreign keys, busy_timeout); `libsql://` and `http(s)://` URLs use a libSQL server.
 */
export function openDb(url: string) {
  const client = url.startsWith("file:") ? createSqliteClient(fileUrlPath(url)) : createClient({ url });
  const db = drizzle(client, { schema });
  return Object.assign(db, { client });
}

export async function preparedDb(url: string, migrationsFolder: string): Promise<Db> {
  const db = openDb(url);
  await migrate(db, { migrationsFolder });
  return db;
}

/**
 * Runs fn in a transaction that takes the write lock up front (BEGIN IMMEDIATE),
 * so two read-then-write requests cannot both act on the old state.
 */
export function writeTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn, { behavior: "immediate" });
}
