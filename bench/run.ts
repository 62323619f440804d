/**
 * `deno task bench`: runs every scenario in bench/ (each `bench/<area>.ts` is a standalone
 * script; run.ts and helpers named `_*.ts` are not), one after the other, each in its own
 * process so one server at a time holds core 0.
 *   deno task bench [name ...]   e.g. `deno task bench foundation feed`
 * `peer` and `firstpaint` (against the Next.js peer; need Node, npm and the peers harness) run only when named,
 * and so does `growth` (seeds up to 100,000 items once, then measures for ~10 minutes).
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { requireTools } from "./_lib.ts";

const DIR = fileURLToPath(new URL("./", import.meta.url));

const ONLY_WHEN_NAMED = ["peer", "firstpaint", "growth", "federation"];

export function scenarios(only: string[] = []): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
    .map((f) => f.replace(/\.ts$/, ""))
    .filter((name) => only.length === 0 ? !ONLY_WHEN_NAMED.includes(name) : only.includes(name))
    .sort()
    .map((name) => `${name}.ts`);
}

if (import.meta.main) {
  requireTools();
  const list = scenarios(Deno.args);
  if (list.length === 0) {
    console.error(`no bench scenario matches ${Deno.args.join(" ")}`);
    Deno.exit(2);
  }
  let failed = 0;
  for (const file of list) {
    console.log(`\n=== bench/${file}`);
    const status = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${DIR}${file}`],
      env: { NODE_ENV: "production" },
      stdout: "inherit",
      stderr: "inherit",
    }).spawn().status;
    if (!status.success) {
      failed++;
      console.error(`bench/${file} exited with ${status.code}`);
    }
  }
  Deno.exit(failed ? 1 : 0);
}
