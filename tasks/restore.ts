/**
 * `deno task restore [--at 2026-11-27T10:00:00Z] [--to DIR]`: the database from the replica
 * (REPLICA_URL, lib/replica/), latest or as it was at a UTC moment, into DIR (default the
 * configured database's folder, DATA_DIR), which must hold no database. Exits 0 when the restored
 * database passed `PRAGMA integrity_check` and is in place, 1 when it refused or failed, 2 on bad
 * arguments.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../lib/config.ts";
import { parseMoment, restoreDatabase, RestoreError } from "../lib/replica/restore.ts";
import { formatBytes } from "../common/overview.ts";

const USAGE = "usage: deno task restore [--at 2026-11-27T10:00:00Z] [--to DIR]";

if (import.meta.main) Deno.exit(await main(Deno.args));

export async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { at: { type: "string" }, to: { type: "string" }, help: { type: "boolean" } } }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) return console.log(USAGE), 0;
  const at = values.at === undefined ? undefined : parseMoment(values.at);
  if (at === null) {
    console.error(`--at ${JSON.stringify(values.at)} is not a UTC time like 2026-11-27T10:00:00Z\n${USAGE}`);
    return 2;
  }
  if (values.to === "") return console.error(`--to needs a folder\n${USAGE}`), 2;
  try {
    const config = loadConfig({}, { LOG_LEVEL: "error" });
    console.log(`Restoring from ${config.replica?.url ?? "(no REPLICA_URL)"}${at ? ` as of ${at.toISOString()}` : " (latest)"} ...`);
    const done = await restoreDatabase(config, { at, to: values.to });
    console.log(
      `Restored ${done.path} (${formatBytes(done.bytes)}), ${done.at ? `as of ${done.at.toISOString()}` : "the latest state"}; ` +
        "PRAGMA integrity_check: ok.",
    );
    console.log(
      "Start the site on it with the same REPLICA_URL: replication goes on from there. With media on local disk, " +
        "put back DATA_DIR/uploads from your last `deno task backup` copy too.",
    );
    return 0;
  } catch (e) {
    if (!(e instanceof RestoreError || e instanceof ConfigError)) throw e;
    console.error(e.message);
    return 1;
  }
}
