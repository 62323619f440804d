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

/** Serves the app; shutdown stops accepting, lets in-flight requests finish, then closes the database. */
export function serve(config: Config, db: Db, opts: { quiet?: boolean } = {}): RunningServer {
  const app = createApp(config, { db });
  const server = Deno.serve({ port: config.port, hostname: config.host, onListen: () => {} }, (req, info) => app.fetch(req, info));
  const url = listenUrl(config.host, server.addr.port);
  if (!opts.quiet) log.info("listening", { url });
  const stopSweeper = startUploadSweeper(db, config);
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

/** Shuts the server down gracefully on SIGTERM or SIGINT, then exits; resolves when it has stopped. */
export function untilStopped(server: RunningServer): Promise<void> {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      log.info("shutting down", { signal });
      await server.shutdown();
      Deno.exit(0);
    });
  }
  return server.finished;
}
