import { existsSync, readFileSync } from "node:fs";
import type { Manifest } from "../components/Document.tsx";

export const BUILD_DIR = new URL("../static/build/", import.meta.url);
const MANIFEST = new URL("manifest.json", BUILD_DIR);

let cached: Manifest | undefined;

/** The build manifest written by tasks/build.ts; read once, re-read after a rebuild in dev. */
export function manifest(): Manifest {
  if (!cached) {
    if (!existsSync(MANIFEST)) throw new Error("static/build/manifest.json is missing: run `deno task build`");
    const built = JSON.parse(readFileSync(MANIFEST, "utf8"));
    const cssFile = new URL(built.css.replace(/^\/static\/build\//, ""), BUILD_DIR);
    cached = { ...built, cssText: readFileSync(cssFile, "utf8") };
  }
  return cached!;
}

export function forgetManifest() {
  cached = undefined;
}

/**
 * A visitor's first page inlines the stylesheet (no extra round trip before the first paint) and
 * prefetches the file; the file's response sets this cookie, so later pages link the cached file.
 */
export const CSS_COOKIE = "dr_css";

/** The content hash in the stylesheet's name: the cookie's value, so a new build inlines again. */
export const cssVersion = (m: Manifest) => /-([^-/.]+)\.css$/.exec(m.css)?.[1] ?? "";
