/**
 * `deno task worker`: runs only the job queue (transcodes), against the same DATA_DIR or
 * DATABASE_URL as the web process, so encoding can move to another process or machine; the web
 * process then runs none (JOBS_IN_WEB=false). SIGTERM or SIGINT: it stops claiming and hands a
 * running job back to the queue; a second signal, or `kill -9`, leaves it to its lease.
 */
import { ConfigError, loadConfig } from "../lib/config.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { log, setLogLevel } from "../lib/log.ts";
import { settleBackground } from "../lib/background.ts";

if (import.meta.main) await main();

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    Deno.exit(1);
  }
  setLogLevel(config.logLevel);
  const db = await prepareData(config);
  const jobs = await startJobs(db, config);
  log.info("worker running", { owner: jobs.runner.owner, concurrency: config.jobs.concurrency });
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      if (stopping) Deno.exit(1);
      stopping = true;
      log.info("worker stopping", { signal });
      await jobs.stop();
      await settleBackground();
      db.client.close();
      Deno.exit(0);
    });
  }
}
