/**
 * Issue 36 point 1: the README's test command passes on a machine with only Node and npm, so what
 * the tests draw must not depend on the fonts a machine happens to have (installing Chromium and
 * ffmpeg adds fonts, and a caption drawn with them moved a look-alike distance across its bound).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { scene } from "./_similar_fixtures.ts";
import { tempDir } from "./_helpers.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SEEDS = ["1", "3", "7"];

Deno.test("[fresh machine] the look-alike test pictures are the same pixels in a process that finds no font", async () => {
  const dir = tempDir();
  const conf = `${dir}/fonts.conf`;
  await Deno.writeTextFile(conf, `<?xml version="1.0"?>\n<fontconfig><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/_print_scenes.ts", ...SEEDS],
    cwd: ROOT,
    env: { FONTCONFIG_FILE: conf },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const here = await Promise.all(SEEDS.map(async (s) => createHash("sha256").update(await scene(Number(s))).digest("hex")));
  assert.deepEqual(new TextDecoder().decode(out.stdout).trim().split("\n"), here);
});

Deno.test("[fresh machine] no test draws text into a picture (SVG text elements render with the machine's fonts)", async () => {
  const found: string[] = [];
  for (const entry of await readdir(new URL("./", import.meta.url), { recursive: true })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const source = await readFile(new URL(`./${entry}`, import.meta.url), "utf8");
    source.split("\n").forEach((line, i) => /<text[\s>]/.test(line) && found.push(`tests/${entry}:${i + 1}`));
  }
  assert.deepEqual(found, []);
});
