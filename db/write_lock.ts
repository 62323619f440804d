/** Called before a write queues for the lock: undefined, or a promise to wait for first (the replica's back-pressure, decision 050). */
export type WriteGate = () => Promise<void> | undefined;

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

/**
 * The write lock of a database file: this process's FIFO, then an exclusive `flock` on
 * `<file>.write-lock` that every process of the site takes the same way. Writers of other
 * processes (WEB_CONCURRENCY workers, decision 022) then wait in the kernel, off the event loop,
 * and are woken as soon as the lock is free, instead of in SQLite's busy handler, which blocks
 * the event loop and sleeps 1-100 ms between tries. ~2 µs uncontended, measured here.
 */
export class FileWriteLock {
  #inner = new AsyncLock();
  #file: Deno.FsFile | null;

  #gate: WriteGate | undefined;

  /** `path` null (an in-memory database): the in-process lock alone. `gate`: a wait before queueing (FileDbOptions.beforeWrite). */
  constructor(path: string | null, gate?: WriteGate) {
    this.#file = path ? Deno.openSync(`${path}.write-lock`, { read: true, write: true, create: true }) : null;
    this.#gate = gate;
  }

  async acquire(): Promise<() => void> {
    // Before queueing, not holding the lock: a write slowed down keeps no other write waiting behind it.
    const wait = this.#gate?.();
    if (wait) await wait;
    const release = await this.#inner.acquire();
    const file = this.#file;
    if (!file) return release;
    try {
      await file.lock(true);
    } catch (e) {
      release();
      throw e;
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // Closed meanwhile (the database was closed under a holder): closing the file already dropped the flock.
      if (this.#file === file) file.unlockSync();
      release();
    };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  close() {
    this.#file?.close();
    this.#file = null;
  }
}
