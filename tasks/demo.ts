/**
 * `deno task demo`: the site on its own data directory (DATA_DIR, default ./data-demo),
 * seeded once with demo accounts and content (tasks/seed_demo.ts).
 */
import { prepareData } from "../lib/boot/bootstrap.ts";
import { type Config, ConfigError, parseConfig } from "../lib/config.ts";
import { ensureAssets } from "../lib/boot/ensure_assets.ts";
import { setLogLevel } from "../lib/log.ts";
import { exitOnConfigError, listenUrl, serveAll, untilStopped } from "../server.ts";

import { seedDemo } from "./seed_demo.ts";

/**
 * The demo's configuration: DATA_DIR defaults to ./data-demo, and SITE_URL, unless given, to
 * where the demo actually listens (HOST and PORT), so share, canonical and JSON-LD links work.
 */
export function demoConfig(env: Record<string, string | undefined>): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v));
  const defaults = { DATA_DIR: "./data-demo" };
  const listening = parseConfig({ ...defaults, ...given });
  return parseConfig({ ...defaults, SITE_URL: listenUrl(listening.host, listening.port || 8000), ...given });
}

if (import.meta.main) await main();

async function main() {
  let config;
  try {
    config = demoConfig(Deno.env.toObject());
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    Deno.exit(1);
  }
  setLogLevel(config.logLevel);
  await ensureAssets();
  const db = await prepareData(config);
  const { seeded, accounts } = await seedDemo(config, db);
  // The seed ran once above; WEB_CONCURRENCY workers then serve it (lib/boot/supervisor.ts).
  const server = await serveAll(config, db).catch(exitOnConfigError);
  console.log(`
Dreamreel demo ${seeded ? "seeded" : "already seeded"} in ${config.dataDir} (delete the folder to start over).
Open ${server.url}/ and sign in with:
${accounts.map((a) => `  ${a.username.padEnd(14)} ${a.password.padEnd(16)} ${a.isAdmin ? "admin" : "member"}`).join("\n")}
`);
  await untilStopped(server);
}
