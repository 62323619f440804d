/**
 * Issue 25's done-when: "`deno task bench` prints the similar-lookup time at 1,000, 10,000 and
 * 100,000 hashes". The default run includes bench/similar.ts, and the script prints a median and a
 * p99 per size (figures only: budgets are never timed tests).
 */
import assert from "node:assert/strict";
import { scenarios } from "../bench/run.ts";

Deno.test("[bench] `deno task bench` runs bench/similar.ts, which prints the lookup time at 1,000, 10,000 and 100,000 hashes", async () => {
  assert.ok(scenarios().includes("similar.ts"), "in the default list of `deno task bench`");
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../bench/similar.ts", import.meta.url).pathname],
    env: { NODE_ENV: "production" },
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  assert.match(text, /similar lookup/);
  for (const size of ["1,000", "10,000", "100,000"]) {
    assert.match(text, new RegExp(`^${size}\\t1\\t\\d+\\.\\d{3}\\t\\d+\\.\\d{3}$`, "m"), `${size} hashes:\n${text}`);
  }
});
