import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";

/** A FIFO async mutex. */
export class AsyncLock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.#tail.then(() => {
      let done = false;
      return () => {
        if (!done) {
          done = true;
          release();
        }
      };
    });
    this.#tail = this.#tail.then(() => next);
    return ready;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

const READ = /^\s*(select|explain)\b/i;
const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);

/**
 * libSQL's local driver runs SQLite synchronously on the event loop. If a statement on one pooled
 * connection waits (busy_timeout) for the write lock that a transaction on another connection of
 * this same process holds, the loop blocks and the holder can never commit: a self-deadlock for
 * the whole timeout. So this process queues its own writers: one write transaction or write
 * statement at a time, while reads (which WAL never blocks) go straight through.
 */
export function serializeWrites(client: Client): Client {
  const lock = new AsyncLock();
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  const migrate = client.migrate.bind(client);
  const transaction = client.transaction.bind(client);
  const executeMultiple = client.executeMultiple.bind(client);

  client.execute =
    ((stmt: InStatement, args?: unknown) =>
      READ.test(sqlOf(stmt)) ? execute(stmt as never, args as never) : lock.run(() => execute(stmt as never, args as never))) as Client[
        "execute"
      ];
  client.batch = ((stmts: InStatement[], mode?: TransactionMode) => lock.run(() => batch(stmts, mode))) as Client["batch"];
  client.migrate = ((stmts: InStatement[]) => lock.run(() => migrate(stmts))) as Client["migrate"];
  client.executeMultiple = (sql: string) => lock.run(() => executeMultiple(sql));
  client.transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    const release = await lock.acquire();
    let tx: Transaction;
    try {
      tx = await transaction(mode);
    } catch (e) {
      release();
      throw e;
    }
    const commit = tx.commit.bind(tx);
    const rollback = tx.rollback.bind(tx);
    const close = tx.close.bind(tx);
    tx.commit = () => commit().finally(release);
    tx.rollback = () => rollback().finally(release);
    tx.close = () => {
      close();
      release();
    };
    return tx;
  };
  return client;
}
