import { log } from "./log.ts";

/**
 * Work a response must not wait for (a reset mail: its time would tell whether the address has an
 * account). Failures are logged. Whoever closes the database waits for what is still running
 * (`drainBackground`) first: a mail that writes its token after the close failed with "Bad resource
 * ID" (issue 36 point 20). The wait is bounded on shutdown; a task still running then is abandoned,
 * and its failure against the closed database is logged as that, not as an error.
 */
type Task = { name: string; abandoned: boolean };
const running = new Map<Promise<void>, Task>();

export function runInBackground(name: string, job: () => Promise<void>) {
  const entry: Task = { name, abandoned: false };
  const task: Promise<void> = job()
    .catch((e) => {
      if (entry.abandoned) log.info(`${name} ended by shutdown`, { error: String((e as Error)?.message ?? e) });
      else log.error(`${name} failed`, { error: e });
    })
    .finally(() => running.delete(task));
  running.set(task, entry);
}

/** How long a shutdown waits for background work before closing the database anyway. */
export const SHUTDOWN_DRAIN_MS = 5_000;

/**
 * Resolves once every job started so far, and any they started, has finished, or after `limitMs`;
 * returns the names of the jobs still running then (marked abandoned), so the caller can say so.
 */
export async function drainBackground(limitMs = Infinity): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"expired">((r) => {
    if (Number.isFinite(limitMs)) timer = setTimeout(() => r("expired"), limitMs);
  });
  try {
    while (running.size) {
      if (await Promise.race([Promise.all([...running.keys()]), expired]) === "expired") break;
    }
  } finally {
    clearTimeout(timer);
  }
  const left = [...running.values()];
  for (const t of left) t.abandoned = true;
  return left.map((t) => t.name);
}

/** Before a shutdown closes the database: waits at most SHUTDOWN_DRAIN_MS, and says what it left behind. */
export async function settleBackground(): Promise<void> {
  const left = await drainBackground(SHUTDOWN_DRAIN_MS);
  if (left.length) log.warn("shutdown: background work still running is abandoned", { tasks: left.join(", ") });
}
