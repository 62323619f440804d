import { createApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { drainBackground } from "./background.ts";
import type { Config } from "./config.ts";
import { log } from "./log.ts";
import { startUploadSweeper } from "./upload_sweep.ts";

export type RunningServer = { url: string; db: Db; shutdown: () => Promise<void>; finished: Promise<void> };

/** The address a browser on this machine reaches a server listening on `host`:`port` at. */
export function listenUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export type ServeOptions = {
  quiet?: boolean;
  /** Share the port with sibling processes (SO_REUSEPORT, Linux): a worker of lib/server/supervisor.ts. */
  reusePort?: boolean;
  /** The hourly upload sweep runs in one process only; workers leave it to the main process. */
  sweeper?: boolean;
};

/** Serves the app; shutdown stops accepting, lets in-flight requests finish, then closes the database. */
export function serve(config: Config, db: Db, opts: ServeOptions = {}): RunningServer {
  const app = createApp(config, { db });
  const listen = { port: config.port, hostname: config.host, reusePort: opts.reusePort ?? false, onListen: () => {} };
  const server = Deno.serve(listen, (req, info) => app.fetch(req, info));
  const url = listenUrl(config.host, server.addr.port);
  if (!opts.quiet) log.info("listening", { url });
  const stopSweeper = opts.sweeper === false ? () => {} : startUploadSweeper(db, config);
  return {
    url,
    db,
    finished: server.finished,
    shutdown: async () => {
      stopSweeper();
      await server.shutdown();
      await drainBackground();
      db.client.close();
    },
  };
}

/**
 * Shuts the server down gracefully on SIGTERM or SIGINT, then exits; resolves when it has stopped.
 * Takes the server still starting too: a signal that comes while workers start (lib/server/supervisor.ts)
 * waits for the start, then drains, instead of killing the main process with its workers half up.
 */
export async function untilStopped(starting: RunningServer | Promise<RunningServer>): Promise<void> {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      log.info("shutting down", { signal });
      await (await starting).shutdown();
      Deno.exit(0);
    });
  }
  return (await starting).finished;
}
