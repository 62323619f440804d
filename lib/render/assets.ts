import { existsSync, readFileSync } from "node:fs";
import type { Manifest } from "../../components/Document.tsx";
import { CriticalCss } from "./critical_css.ts";

export const BUILD_DIR = new URL("../../static/build/", import.meta.url);
const MANIFEST = new URL("manifest.json", BUILD_DIR);

let cached: Manifest | undefined;
let critical: CriticalCss | undefined;

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
  critical = undefined;
}

/** The rules of the stylesheet a page's HTML uses, inlined on a first visit (lib/render/critical_css.ts). */
export function criticalCssFor(html: string): string {
  critical ??= new CriticalCss(manifest().cssText);
  return critical.forHtml(html);
}

/**
 * A visitor's first page inlines the part of the stylesheet it uses (no extra round trip before
 * the first paint) and links the file at the end of its body; the file's response sets this
 * cookie, so later pages link the cached file in their head.
 */
export const CSS_COOKIE = "dr_css";

/** The content hash in the stylesheet's name: the cookie's value, so a new build inlines again. */
export const cssVersion = (m: Manifest) => /-([^-/.]+)\.css$/.exec(m.css)?.[1] ?? "";
