/**
 * Builds the single binary and boots it, when a `denort` runtime for `deno compile` is present
 * (DENORT_BIN or the pre-placed zip: see tasks/compile.ts). Without one the test is reported
 * as ignored, and its name carries the reason.
 */
import assert from "node:assert/strict";
import { compileBinary, findRuntime } from "../tasks/compile.ts";
import { tempDir } from "./_helpers.ts";

const runtime = await findRuntime();
if (!runtime.ok) console.log(`[compile] skipped: ${runtime.reason}`);

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitFor(url: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      await (await fetch(url)).body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

Deno.test({
  name: runtime.ok
    ? "[compile] the compiled binary boots on a fresh DATA_DIR and serves / and /api/user"
    : `[compile] skipped: ${runtime.reason}`,
  ignore: !runtime.ok,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = tempDir("dreamreel-compile-");
    const binary = await compileBinary(`${dir}/dreamreel`, { quiet: true });
    const port = freePort();
    // A minimal environment: nothing from the build machine leaks into the run.
    const child = new Deno.Command(binary, {
      env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: `${dir}/data`, LOG_LEVEL: "warn" },
      clearEnv: true,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    try {
      await waitFor(`http://127.0.0.1:${port}/api/user`);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(home.status, 200);
      assert.match(home.headers.get("content-type") ?? "", /text\/html/);
      assert.match(await home.text(), /<!DOCTYPE html>/i);
      const user = await fetch(`http://127.0.0.1:${port}/api/user`);
      assert.equal(user.status, 401);
      await user.body?.cancel();
    } finally {
      child.kill("SIGTERM");
      const status = await child.status;
      await child.stderr.cancel();
      assert.equal(status.code, 0);
    }
  },
});
