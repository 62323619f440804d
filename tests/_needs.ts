/**
 * Programs outside Deno and npm that some tests need: Chromium (browser tests) and ffmpeg (real
 * videos). On a machine without one, the tests that need it are ignored and the file says so in
 * one line naming what to install, so the README's test command still ends with 0 failed.
 * `.ci/run` installs both, so CI runs everything.
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

export type Tool = "chromium" | "ffmpeg";

export const chromiumPath = (): string => Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

function runs(bin: string): boolean {
  try {
    return new Deno.Command(bin, { args: ["-version"], stdout: "null", stderr: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

const found = new Map<Tool, boolean>();
export function has(tool: Tool): boolean {
  if (!found.has(tool)) found.set(tool, tool === "chromium" ? existsSync(chromiumPath()) : runs("ffmpeg") && runs("ffprobe"));
  return found.get(tool)!;
}

const INSTALL: Record<Tool, () => string> = {
  chromium: () => `Chromium (apt-get install chromium, or CHROMIUM_PATH=/path/to/chromium; none at ${chromiumPath()})`,
  ffmpeg: () => "ffmpeg (apt-get install ffmpeg)",
};

/**
 * The libsql pass (`deno task test:libsql`, DB_DRIVER=libsql) re-checks our SQL on the other driver; the tests of
 * programs outside (ffmpeg's media jobs, moto's S3, Litestream) spend minutes in those programs, not in SQL, so
 * they run once, in `deno task test`, and this pass says so in one line per file. `said`: what was said already.
 */
const said = new Set<string>();
const LIBSQL_PASS = Deno.env.get("DB_DRIVER") === "libsql";
function onceOnly(file: string, tool: string): boolean {
  if (!LIBSQL_PASS) return false;
  if (!said.has(`${file}:${tool}`)) {
    said.add(`${file}:${tool}`);
    console.warn(`skipped on this pass: tests in ${file} that need ${tool} (they run in deno task test)`);
  }
  return true;
}

/**
 * True when every tool is there. Otherwise prints, once per file and tool,
 * "skipped: tests in feed_test.ts that need Chromium (...)" and returns false (`ignore: !ok`).
 */
export function needs(moduleUrl: string, ...tools: Tool[]): boolean {
  const file = basename(fileURLToPath(moduleUrl));
  if (tools.includes("ffmpeg") && onceOnly(file, "ffmpeg")) return false;
  const missing = tools.filter((t) => !has(t));
  const unsaid = missing.filter((t) => !said.has(`${file}:${t}`));
  if (unsaid.length) {
    for (const t of unsaid) said.add(`${file}:${t}`);
    console.warn(`skipped: tests in ${file} that need ${unsaid.map((t) => INSTALL[t]()).join(" and ")}`);
  }
  return missing.length === 0;
}

/** moto (tests/_moto.ts): false, with one line saying so, when this machine's Python has none. */
export function needsMoto(moduleUrl: string, command: string[] | null): boolean {
  const file = basename(fileURLToPath(moduleUrl));
  if (onceOnly(file, "moto")) return false;
  if (!command && !said.has(`${file}:moto`)) {
    said.add(`${file}:moto`);
    console.warn(
      `skipped: tests in ${file} that need moto (the Python package's moto_server on the PATH, or MOTO_SERVER; .ci/run installs it)`,
    );
  }
  return command !== null;
}
