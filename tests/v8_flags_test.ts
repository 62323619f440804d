import assert from "node:assert/strict";
import { V8_FLAGS } from "../lib/boot/v8_flags.ts";
import { compileArgs } from "../tasks/compile.ts";

const tasks: Record<string, string> = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url))).tasks;

Deno.test("[boot] the server's V8 flags are in the start and demo tasks and baked into the compiled binary", () => {
  assert.match(V8_FLAGS, /^--max-semi-space-size=\d+,--expose-gc$/);
  for (const name of ["start", "demo"]) assert.ok(tasks[name].includes(` --v8-flags=${V8_FLAGS} `), `${name}: ${tasks[name]}`);
  assert.ok(compileArgs("out", "env").includes(`--v8-flags=${V8_FLAGS}`));
});

Deno.test("[boot] under allocation the young generation stays within the flags' cap (under 8 MB; V8's default grows past 16 MB)", async () => {
  // Short-lived objects, some kept a while, as a page render makes them: the new space grows to its cap.
  const script = `import v8 from "node:v8";
    let keep = [];
    for (let i = 0; i < 3e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 2e5) keep = []; }
    console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size);`;
  const newSpace = async (flags: string[]) => {
    const out = await new Deno.Command(Deno.execPath(), { args: ["eval", ...flags, script], stdout: "piped" }).output();
    return Number(new TextDecoder().decode(out.stdout).trim());
  };
  const [shipped, defaults] = await Promise.all([newSpace([`--v8-flags=${V8_FLAGS}`]), newSpace([])]);
  assert.ok(shipped > 0 && shipped <= 8 * 1024 * 1024, `with the flags: ${shipped}`);
  assert.ok(defaults > 16 * 1024 * 1024, `without: ${defaults}`);
});
