import { type Client, createClient, type InArgs, type InStatement, type Transaction, type TransactionMode } from "@libsql/client";
import { AsyncLock } from "./write_lock.ts";
import { durabilityPragmas, type FileDbOptions, READ } from "./sqlite_client.ts";

/**
 * A local file through @libsql/client's own driver (DB_DRIVER=libsql), so the driver a libSQL
 * server URL uses (its result sets, transactions, batches, bigint row ids) runs under the whole
 * query layer in CI, not only our node:sqlite adapter (decision 001, issue 23).
 *
 * Its local driver is synchronous like ours, so the same rule holds (decision 002): one
 * connection, and everything on it queued on an async lock that a transaction holds until it
 * ends. A second connection would block this process's event loop waiting for SQLite's lock
 * held across an `await` by the first. Reads wait for open transactions here; this mode is for
 * proving the driver, not for speed.
 */
export function createLibsqlFileClient(url: string, opts: FileDbOptions = {}): Client {
  const inner = createClient({ url, concurrency: 1 });
  const lock = new AsyncLock();
  const ready = inner.executeMultiple(
    `PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; ${durabilityPragmas(opts)}`,
  );
  const locked = <T>(fn: () => Promise<T>) =>
    lock.run(async () => {
      await ready;
      return await fn();
    });
  /** A write: first the replica's back-pressure wait, if any, then the lock (reads never wait for it). */
  const writeLocked = async <T>(fn: () => Promise<T>) => {
    const wait = opts.beforeWrite?.();
    if (wait) await wait;
    return await locked(fn);
  };

  const client = {
    protocol: "file",
    get closed() {
      return inner.closed;
    },
    execute: (stmt: InStatement | string, args?: InArgs) =>
      (READ.test(typeof stmt === "string" ? stmt : stmt.sql) ? locked : writeLocked)(() =>
        typeof stmt === "string" ? inner.execute(stmt, args) : inner.execute(stmt)
      ),
    batch: (stmts: Parameters<Client["batch"]>[0], mode?: Parameters<Client["batch"]>[1]) => writeLocked(() => inner.batch(stmts, mode)),
    migrate: (stmts: InStatement[]) => locked(() => inner.migrate(stmts)),
    executeMultiple: (sql: string) => writeLocked(() => inner.executeMultiple(sql)),
    async transaction(mode?: TransactionMode): Promise<Transaction> {
      const wait = opts.beforeWrite?.();
      if (wait) await wait;
      const release = await lock.acquire();
      let tx: Transaction;
      try {
        await ready;
        tx = await inner.transaction(mode);
      } catch (e) {
        release();
        throw e;
      }
      const settle = async <T>(fn: () => Promise<T> | T): Promise<T> => {
        try {
          return await fn();
        } finally {
          release();
        }
      };
      return {
        execute: (stmt: InStatement) => tx.execute(stmt),
        batch: (stmts: InStatement[]) => tx.batch(stmts),
        executeMultiple: (sql: string) => tx.executeMultiple(sql),
        commit: () => settle(() => tx.commit()),
        rollback: () => settle(() => tx.rollback()),
        close: () => void settle(() => tx.close()),
        get closed() {
          return tx.closed;
        },
      } as Transaction;
    },
    sync: () => inner.sync(),
    close: () => inner.close(),
    reconnect: () => inner.reconnect(),
  };
  return client as unknown as Client;
}
