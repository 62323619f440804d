import { log } from "./log.ts";

/**
 * Work a response must not wait for (a reset mail: its time would tell whether the address has an
 * account). Failures are logged; shutdown and tests wait for what is still running with `drain`.
 */
const running = new Set<Promise<void>>();

export function runInBackground(name: string, job: () => Promise<void>) {
  const task = job().catch((e) => log.error(`${name} failed`, { error: e }))
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once every job started so far, and any they started, has finished. */
export async function drainBackground() {
  while (running.size) await Promise.all([...running]);
}
