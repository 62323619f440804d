/** Our server for the federation tests: real HTTP on 127.0.0.2 with its own port in SITE_URL, jobs running, private addresses allowed. */
import { sql } from "drizzle-orm";
import { startServer, until } from "./_helpers.ts";
import { freePort } from "./_fedi_peer.ts";
import { jobs } from "../db/schema/mod.ts";

export const OUR_HOST = "127.0.0.2";

export async function startFederatedServer(overrides: Record<string, string> = {}) {
  const port = freePort(OUR_HOST);
  const server = await startServer({
    HOST: OUR_HOST,
    PORT: String(port),
    SITE_URL: `http://${OUR_HOST}:${port}`,
    JOBS_IN_WEB: "true",
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true",
    ...overrides,
  });
  const origin = `http://${OUR_HOST}:${port}`;
  /** A browser-like request: the session cookie with the age gate passed, JSON bodies, our Origin on writes. */
  const api = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", `${init.cookie}; dr_age=1`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.method && init.method !== "GET") headers.set("origin", origin);
    return fetch(`${origin}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  };
  /** Waits until no federation job (Fedify's tasks and ours) is due: what was queued has been delivered or handled. */
  const settled = () =>
    until(
      async () =>
        (await server.db.select({ n: sql<number>`count(*)` }).from(jobs).where(
          sql`${jobs.kind} like 'fed%' and ${jobs.state} in ('queued', 'running') and ${jobs.runAfter} <= ${Date.now() + 1000}`,
        ).get())!.n === 0,
      60_000,
      "the federation jobs to run",
    );
  return { ...server, origin, handleHost: `${OUR_HOST}:${port}`, api, settled };
}

export const AP = { accept: "application/activity+json" };
