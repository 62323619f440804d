/** Notification test helpers (issue 33): a member's entries through the API, and the rows as stored. */
import type { TestEnv } from "./_helpers.ts";
import { json } from "./_helpers.ts";
import type { NotificationPage } from "../common/schemas/notifications.ts";
import { JobRunner } from "../lib/jobs/queue.ts";
import { HANDLERS } from "../lib/boot/jobs.ts";
import { until } from "./_helpers.ts";

export async function inbox(env: TestEnv, cookie: string, page = 1): Promise<NotificationPage> {
  return await json(await env.request(`/api/notifications${page > 1 ? `?page=${page}` : ""}`, { cookie }));
}

export async function unread(env: TestEnv, cookie: string): Promise<number> {
  return (await json(await env.request("/api/notifications/unread-count", { cookie }))).unreadCount;
}

/** The stored rows: receiver, kind, group key and count. */
export async function storedRows(env: TestEnv): Promise<string[]> {
  const rs = await env.db.client.execute("SELECT user_id, kind, group_key, count FROM notifications ORDER BY id");
  return rs.rows.map((r) => `${r.user_id}:${r.kind}:${r.group_key}:${r.count}`);
}

/** Runs the queued jobs of the given kinds that are due now, then stops (the real runner and handlers). */
export async function runJobs(env: TestEnv, kinds: string[]): Promise<void> {
  const handlers = Object.fromEntries(kinds.map((k) => [k, HANDLERS[k]]));
  const runner = new JobRunner(env.db, env.config, handlers).start();
  const open = async () =>
    Number(
      (await env.db.client.execute({
        sql: `SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running') AND run_after <= ? AND kind IN (${
          kinds.map(() => "?").join(",")
        })`,
        args: [Date.now(), ...kinds],
      })).rows[0].n,
    );
  try {
    await until(async () => (await open()) === 0 && runner.busy === 0, 30_000, `jobs ${kinds.join(", ")} done`);
  } finally {
    await runner.stop({ finish: true });
  }
}

/** The state of the jobs of a kind, oldest first. */
export async function jobStates(env: TestEnv, kind: string): Promise<string[]> {
  const rs = await env.db.client.execute({ sql: "SELECT state FROM jobs WHERE kind = ? ORDER BY id", args: [kind] });
  return rs.rows.map((r) => String(r.state));
}
