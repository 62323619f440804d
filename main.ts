import { ConfigError, loadConfig } from "./lib/config.ts";
import { prepareData } from "./lib/bootstrap.ts";
import { log, setLogLevel } from "./lib/log.ts";
import { serve } from "./lib/server.ts";
import { ensureAssets } from "./lib/ensure_assets.ts";

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
  await ensureAssets();
  const db = await prepareData(config);
  const server = serve(config, db);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      log.info("shutting down", { signal });
      await server.shutdown();
      Deno.exit(0);
    });
  }
  await server.finished;
}

if (import.meta.main) await main();
