import { ConfigError, loadConfig, secretValues, urlSettings } from "./lib/config.ts";
import { prepareData } from "./lib/boot/bootstrap.ts";
import { hideInLogs, log, redactUrl, setLogLevel } from "./lib/log.ts";
import { exitOnConfigError, runWorker, serveAll, untilStopped, WORKER_FLAG } from "./server.ts";
import { ensureAssets } from "./lib/boot/ensure_assets.ts";
import { openDb } from "./db/client.ts";
import { fileDbOptions } from "./lib/replica/backpressure.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      Deno.exit(1);
    }
    throw e;
  }
  setLogLevel(config.logLevel);
  // No log line of this process carries a setting's secret, whatever text holds it (issue 42 point 5).
  hideInLogs(secretValues(config));
  // A worker of the supervisor: the main process did the start-up work already.
  if (Deno.args.includes(WORKER_FLAG)) {
    return await runWorker(config, openDb(config.databaseUrl, config.dbDriver, fileDbOptions(config)));
  }
  const shown = Object.fromEntries(Object.entries(urlSettings(config)).map(([k, v]) => [k, redactUrl(v)]));
  log.info("starting", { settings: shown });
  await ensureAssets();
  const db = await prepareData(config);
  await untilStopped(serveAll(config, db).catch(exitOnConfigError));
}

if (import.meta.main) {
  // A failed start is one log line, redacted: an uncaught error would print a driver's message (and the URL in it) as is.
  await main().catch((e) => {
    if (e instanceof ConfigError) return exitOnConfigError(e);
    log.error("start failed", { error: e });
    Deno.exit(1);
  });
}
