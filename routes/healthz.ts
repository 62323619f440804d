import { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { publicView, readReplicaStatus } from "../lib/replica/status.ts";
import { backpressureFor } from "../lib/replica/backpressure.ts";

/**
 * `GET /healthz` for load balancers, container health checks and monitors (issue 37): 200 with
 * `{"db":"ok","replica":"ok|lagging|down|off", ...}` while the database answers, 503 when it does
 * not. Mounted before the session, so it needs no cookie and sets none, and it is JSON, which the
 * age gate never covers. It names no bucket, endpoint or key: only the kind of replica problem.
 */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  let db: "ok" | "down" = "ok";
  try {
    await c.var.db.client.execute("SELECT 1");
  } catch {
    db = "down";
  }
  const replica = publicView(await readReplicaStatus(c.var.config));
  // Writes this process made wait while the replica trailed (decision 050): proof the back-pressure acted, per process.
  const gate = backpressureFor(c.var.config);
  return c.json({ db, ...replica, ...(gate ? { replicaDelayedWrites: gate.delayed } : {}) }, db === "ok" ? 200 : 503);
});
