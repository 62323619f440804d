import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { log } from "../log.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MANIFEST = `${ROOT}static/build/manifest.json`;
const SOURCES = ["islands", "components", "routes"];
/** The build tool, imported by a computed specifier so it stays out of the compiled binary (tests check it exists). */
export const BUILD_MODULE = new URL("../../tasks/build.ts", import.meta.url).href;

function newestSourceMtime(): number {
  let newest = 0;
  for (const dir of SOURCES) {
    if (!existsSync(ROOT + dir)) continue;
    for (const name of readdirSync(ROOT + dir, { recursive: true })) {
      const path = `${ROOT}${dir}/${name}`;
      if (/\.(tsx?|css)$/.test(String(name))) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Rebuilds islands and CSS when a source is newer than the build (never inside a compiled binary). */
export async function ensureAssets() {
  // A compiled binary carries its built assets (tasks/compile.ts) and not the build tools.
  if (Deno.build.standalone) return;
  const built = existsSync(MANIFEST) ? statSync(MANIFEST).mtimeMs : 0;
  const sources = newestSourceMtime();
  if (built && (sources === 0 || sources <= built)) return;
  log.info("building assets");
  const { buildAssets } = await import(BUILD_MODULE);
  await buildAssets();
}
