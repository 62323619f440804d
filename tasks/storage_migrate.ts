/**
 * `deno task storage:migrate --to s3` (or `--to local`): copies every media object from the other
 * backend to this one, verifying each by size and SHA-256 (lib/storage/migrate.ts). Both need
 * their settings (DATA_DIR; S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY ...).
 * Run it again after an interruption: what is already copied and verified is skipped. It switches
 * nothing: set STORAGE to the target and restart once it reports every object verified.
 */
import { type Config, ConfigError, loadConfig } from "../lib/config.ts";
import { makeStore } from "../lib/storage/store.ts";
import { migrateObjects } from "../lib/storage/migrate.ts";

if (import.meta.main) {
  const i = Deno.args.indexOf("--to");
  const to = Deno.args[i + 1];
  if (i < 0 || (to !== "s3" && to !== "local")) {
    console.error("usage: deno task storage:migrate --to s3|local");
    Deno.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    Deno.exit(1);
  }
  if (!config.storage.s3) {
    console.error("storage:migrate needs the bucket's settings: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY");
    Deno.exit(1);
  }
  const from = to === "s3" ? "local" : "s3";
  const [source, target] = [makeStore(config, from), makeStore(config, to)];
  for (const store of [source, target]) {
    await store.check().catch((e) => {
      console.error(`${store.kind}: ${e.detail ?? e}`);
      Deno.exit(1);
    });
  }
  console.log(`copying every object from ${from} to ${to} (nothing is switched or deleted)`);
  const started = Date.now();
  const result = await migrateObjects(source, target, {
    onProgress: (p) => {
      const line = `[${p.done}/${p.total}] ${p.action.padEnd(7)} ${p.key} (${p.bytes} bytes)`;
      if (p.action === "failed") console.error(`${line}: ${p.error}`);
      else console.log(line);
    },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${result.total} objects: ${result.copied} copied (${(result.bytes / 1048576).toFixed(1)} MiB), ${result.present} already there, ` +
      `${result.failed.length} failed, in ${secs} s`,
  );
  if (result.failed.length) {
    console.error(`Not done: run the same command again to retry ${result.failed.length} objects. Keep STORAGE=${config.storage.kind}.`);
    Deno.exit(1);
  }
  console.log(`Every object is in ${to} and verified. Now set STORAGE=${to} and restart; the ${from} copies stay until you remove them.`);
}
