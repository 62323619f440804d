import { ConfigError, loadConfig } from "./lib/config.ts";
import { prepareData } from "./lib/boot/bootstrap.ts";
import { setLogLevel } from "./lib/log.ts";
import { serve, untilStopped } from "./server.ts";
import { ensureAssets } from "./lib/boot/ensure_assets.ts";
import { runInBackground } from "./lib/background.ts";
import { warmRankings } from "./lib/feed/rankings.ts";

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
  // The kept feed orders (lib/feed/rankings.ts) are made now, so the first visitor does not wait for them.
  runInBackground("rankings warm-up", () => warmRankings(db));
  await untilStopped(server);
}

if (import.meta.main) await main();
