/**
 * A worker process for tests/jobs_queue_test.ts: runs `count` jobs from DATA_DIR's database,
 * appending each job's `n` to DATA_DIR/runs.log, until SIGTERM.
 */
import { openDb } from "../db/client.ts";
import { loadConfig } from "../lib/config.ts";
import { JobRunner } from "../lib/jobs/queue.ts";

const config = loadConfig();
const db = openDb(config.databaseUrl);
const runner = new JobRunner(db, config, {
  count: {
    run: async (ctx) => {
      await Deno.writeTextFile(`${config.dataDir}/runs.log`, `${ctx.payload.n}\n`, { append: true });
      await new Promise((r) => setTimeout(r, 5));
    },
  },
}).start();
Deno.addSignalListener("SIGTERM", async () => {
  await runner.stop();
  db.client.close();
  Deno.exit(0);
});
console.log("ready");
