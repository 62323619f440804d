import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/mod.ts";
import { createSqliteClient, type FileDbOptions } from "./sqlite_client.ts";
import { createLibsqlFileClient } from "./libsql_file_client.ts";

export type Db = ReturnType<typeof openDb>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `file:./data/x.db`, `file:/abs/x.db` or `file:///abs/x.db` to a path. */
export function fileUrlPath(url: string): string {
  return url.replace(/^file:(\/\/(localhost)?(?=\/))?/, "");
}

/** Which client opens a `file:` URL: ours over node:sqlite, or @libsql/client's own driver (DB_DRIVER). */
export type DbDriver = "sqlite" | "libsql";

/**
 * Opens the database through drizzle's libSQL driver. Local files use our client over Deno's
 * built-in SQLite (db/sqlite_client.ts: WAL, synchronous=FULL so a 2xx survives a power cut, NORMAL while
 * Litestream replicates, decision 050;
 * foreign keys, busy_timeout), or with `driver` "libsql" @libsql/client's (db/libsql_file_client.ts,
 * to run the tests on the driver remote URLs use); `libsql://` and `http(s)://` URLs use a libSQL server.
 */
export function openDb(url: string, driver: DbDriver = "sqlite", opts: FileDbOptions = {}) {
  const client = !url.startsWith("file:")
    ? createClient({ url })
    : driver === "libsql"
    ? createLibsqlFileClient(url, opts)
    : createSqliteClient(fileUrlPath(url), opts);
  const db = drizzle(client, { schema });
  return Object.assign(db, { client });
}

export async function preparedDb(
  url: string,
  migrationsFolder: string,
  driver: DbDriver = "sqlite",
  opts: FileDbOptions = {},
): Promise<Db> {
  const db = openDb(url, driver, opts);
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
