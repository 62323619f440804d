import type { Client, InArgs, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { FileWriteLock, type WriteGate } from "./write_lock.ts";

/**
 * The libSQL client interface (what drizzle's libsql driver calls) over Deno's built-in SQLite
 * for local files. Measured here: 24 rows of 37 columns decode in ~0.5 ms against ~5 ms through
 * @libsql/client's local driver, which builds each row with a property descriptor per column.
 *
 * Two connections: reads go to `reader` (WAL: they never wait for the writer and see only
 * committed rows); writes and transactions go to `writer`, one at a time through an async lock,
 * because the driver is synchronous and a statement waiting for a lock held across an `await`
 * by this same process would block the event loop. The lock is also a file lock other processes
 * take (db/write_lock.ts), so they wait for each other off the event loop too.
 */
export const READ = /^\s*(select|explain)\b/i;
const STATEMENT_CACHE = 300;

type Row = unknown[] & Record<string, unknown>;

/**
 * How a local database file is opened: `replicated` when Litestream copies its WAL (REPLICA_URL, lib/replica/);
 * `beforeWrite`, a wait before each write or transaction queues for the write lock (lib/replica/backpressure.ts).
 */
export type FileDbOptions = { replicated?: boolean; beforeWrite?: WriteGate };

/**
 * With Litestream running (decisions 037 and 050):
 * - the app never checkpoints on its own: Litestream does, after copying the WAL, and a checkpoint
 *   of ours racing its lock switch would start a new generation (a full snapshot upload); the main
 *   process checkpoints only while Litestream is down;
 * - commits do not fsync (`synchronous=NORMAL`): under Litestream's writes each fsync of ours waited
 *   for its data too, which cost most of the write throughput replication took. The WAL is still
 *   fsynced before every checkpoint, and Litestream checkpoints at least once a second while there
 *   are writes (checkpoint-interval 1s), so a power cut loses at most the last second or so on this
 *   disk, as a dead disk loses at most two on the replica. A crash of the process loses nothing.
 * Without a replica every commit is fsynced (`synchronous=FULL`): a 2xx survives a power cut.
 */
export const durabilityPragmas = (opts: FileDbOptions) =>
  opts.replicated
    ? `PRAGMA synchronous = ${unsyncedCommits(opts) ? "NORMAL" : "FULL"}; PRAGMA wal_autocheckpoint = 0;`
    : "PRAGMA synchronous = FULL;";

/**
 * Commits go unsynced only while replicating on a machine with a second core. On a single core
 * Litestream and the server share it: unsynced, the server took the core and the replica fell 4 s
 * behind (p99 6.5x of unreplicated, back-pressure and all); fsynced commits leave Litestream its
 * share (lag at most 1 s, p99 ~2x). Decision 050, "At the merge".
 */
export const unsyncedCommits = (opts: FileDbOptions) => !!opts.replicated && navigator.hardwareConcurrency > 1;

class Connection {
  readonly db: DatabaseSync;
  #statements = new Map<string, { stmt: StatementSync; names: string[] | null }>();

  constructor(path: string, readOnly: boolean, opts: FileDbOptions = {}) {
    this.db = new DatabaseSync(path, { readOnly, timeout: 5000 } as ConstructorParameters<typeof DatabaseSync>[1]);
    this.db.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
    if (!readOnly) this.db.exec(`PRAGMA journal_mode = WAL; ${durabilityPragmas(opts)}`);
  }

  #prepare(sql: string) {
    let entry = this.#statements.get(sql);
    if (!entry) {
      if (this.#statements.size >= STATEMENT_CACHE) this.#statements.clear();
      const stmt = this.db.prepare(sql);
      const columns = stmt.columns();
      // Present in Deno 2.9 (as in Node 24), missing from the bundled @types/node.
      if (columns.length) (stmt as StatementSync & { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      entry = { stmt, names: columns.length ? columns.map((c) => c.name) : null };
      this.#statements.set(sql, entry);
    }
    return entry;
  }

  /** Rows as arrays, without the column names execute() adds (db/prepared.ts maps them itself). */
  arrays(sql: string, args: SQLInputValue[]): unknown[][] {
    const { stmt, names } = this.#prepare(sql);
    if (!names) throw new Error("arrays() is for queries that return rows");
    return stmt.all(...args) as unknown as unknown[][];
  }

  execute(stmt: InStatement, args?: InArgs): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const params = toParams(typeof stmt === "string" ? args : stmt.args);
    const { stmt: prepared, names } = this.#prepare(sql);
    if (names) {
      const rows = (Array.isArray(params) ? prepared.all(...params) : prepared.all(params)) as unknown as Row[];
      // Rows are read by position (drizzle) and by column name (raw queries), like libSQL's rows.
      for (const row of rows) for (let i = 0; i < names.length; i++) if (!(names[i] in row)) row[names[i]] = row[i];
      return result(rows, names, 0, undefined);
    }
    const info = Array.isArray(params) ? prepared.run(...params) : prepared.run(params);
    return result([], [], Number(info.changes), BigInt(info.lastInsertRowid));
  }

  close() {
    this.#statements.clear();
    this.db.close();
  }
}

function toParams(args: InArgs | undefined): SQLInputValue[] | Record<string, SQLInputValue> {
  const convert = (v: unknown): SQLInputValue =>
    v === undefined ? null : typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.getTime() : v as SQLInputValue;
  if (!args) return [];
  if (Array.isArray(args)) return args.map(convert);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, convert(v)]));
}

function result(rows: Row[], columns: string[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    rows: rows as unknown as ResultSet["rows"],
    columns,
    columnTypes: columns.map(() => ""),
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, rows, rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  };
}

/** Our client also reads rows as plain arrays, synchronously. */
export type FastReads = { readArrays(sql: string, args: SQLInputValue[]): unknown[][] };
export const hasFastReads = (client: unknown): client is FastReads => typeof (client as FastReads).readArrays === "function";

/**
 * And writes a statement whose loss on a power cut harms nobody (a rate-limit count) without
 * waiting for fsync: committed with `synchronous=NORMAL`, ~10 µs against ~120-310 µs with FULL
 * here. WAL keeps the order, so a later FULL commit makes it durable too.
 */
export type UnsyncedWrites = { writeUnsynced(sql: string, args: SQLInputValue[]): Promise<unknown[][]> };
export const hasUnsyncedWrites = (client: unknown): client is UnsyncedWrites =>
  typeof (client as UnsyncedWrites).writeUnsynced === "function";

export function createSqliteClient(path: string, opts: FileDbOptions = {}): Client {
  const writer = new Connection(path, false, opts);
  const reader = new Connection(path, true);
  const lock = new FileWriteLock(path === ":memory:" || path === "" ? null : path, opts.beforeWrite);
  let closed = false;

  const inTransaction = async <T>(fn: () => T): Promise<T> => {
    const release = await lock.acquire();
    try {
      writer.db.exec("BEGIN IMMEDIATE");
      try {
        const out = fn();
        writer.db.exec("COMMIT");
        return out;
      } catch (e) {
        if (writer.db.isTransaction) writer.db.exec("ROLLBACK");
        throw e;
      }
    } finally {
      release();
    }
  };

  const client = {
    protocol: "file",
    get closed() {
      return closed;
    },
    /** A read on the reader connection, rows as arrays (see Connection.arrays). */
    readArrays(sql: string, args: SQLInputValue[]): unknown[][] {
      return reader.arrays(sql, args.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v)));
    },
    writeUnsynced(sql: string, args: SQLInputValue[]): Promise<unknown[][]> {
      // While replicating every commit is unsynced already (durabilityPragmas).
      if (unsyncedCommits(opts)) return lock.run(() => Promise.resolve().then(() => writer.arrays(sql, args)));
      return lock.run(() =>
        Promise.resolve().then(() => {
          writer.db.exec("PRAGMA synchronous = NORMAL");
          try {
            return writer.arrays(sql, args);
          } finally {
            writer.db.exec("PRAGMA synchronous = FULL");
          }
        })
      );
    },
    execute(stmt: InStatement | string, args?: InArgs) {
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      if (READ.test(sql)) return Promise.resolve().then(() => reader.execute(stmt, args));
      return lock.run(() => Promise.resolve(writer.execute(stmt, args)));
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>) {
      return inTransaction(() => stmts.map((s) => Array.isArray(s) ? writer.execute(s[0], s[1]) : writer.execute(s)));
    },
    migrate(stmts: InStatement[]) {
      return inTransaction(() => stmts.map((s) => writer.execute(s)));
    },
    executeMultiple(sql: string) {
      return lock.run(() => Promise.resolve(writer.db.exec(sql)));
    },
    async transaction(_mode?: TransactionMode): Promise<Transaction> {
      const release = await lock.acquire();
      try {
        writer.db.exec("BEGIN IMMEDIATE");
      } catch (e) {
        release();
        throw e;
      }
      let open = true;
      const end = (sql: string) => {
        if (!open) return;
        open = false;
        try {
          if (writer.db.isTransaction) writer.db.exec(sql);
        } finally {
          release();
        }
      };
      return {
        execute: (stmt: InStatement) => Promise.resolve().then(() => writer.execute(stmt)),
        batch: (stmts: InStatement[]) => Promise.resolve().then(() => stmts.map((s) => writer.execute(s))),
        executeMultiple: (sql: string) => Promise.resolve().then(() => writer.db.exec(sql)),
        commit: () => Promise.resolve().then(() => end("COMMIT")),
        rollback: () => Promise.resolve().then(() => end("ROLLBACK")),
        close: () => end("ROLLBACK"),
        get closed() {
          return !open;
        },
      } as Transaction;
    },
    sync() {
      return Promise.resolve(undefined);
    },
    close() {
      if (closed) return;
      closed = true;
      reader.close();
      writer.close();
      lock.close();
    },
    reconnect() {
      throw new Error("reconnect is not supported for local files");
    },
  };
  return client as unknown as Client;
}
