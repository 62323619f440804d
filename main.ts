import { ConfigError, loadConfig } from "./lib/config.ts";
import { prepareData } from "./lib/boot/bootstrap.ts";
import { setLogLevel } from "./lib/log.ts";
import { exitOnConfigError, runWorker, serveAll, untilStopped, WORKER_FLAG } from "./server.ts";
import { ensureAssets } from "./lib/boot/ensure_assets.ts";
import { openDb } from "./db/client.ts";

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
  // A worker of the supervisor: the main process did the start-up work already.
  if (Deno.args.includes(WORKER_FLAG)) {
    return await runWorker(config, openDb(config.databaseUrl, config.dbDriver, { replicated: !!config.replica }));
  }
  await ensureAssets();
  const db = await prepareData(config);
  await untilStopped(serveAll(config, db).catch(exitOnConfigError));
}

if (import.meta.main) await main();
