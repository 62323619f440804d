/** Bundles the islands (code-split, hashed) and builds the Tailwind CSS into static/build/. */
import * as esbuild from "esbuild";
import { compile } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { relative } from "node:path";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = `${ROOT}static/build`;

async function buildCss(): Promise<string> {
  const input = await readFile(`${ROOT}components/styles.css`, "utf8");
  const compiler = await compile(input, { base: `${ROOT}components`, onDependency: () => {} });
  const scanner = new Scanner({
    sources: ["common", "components", "islands", "routes", "lib"].map((dir) => ({
      base: ROOT + dir,
      pattern: "**/*.{ts,tsx}",
      negated: false,
    })),
  });
  const css = compiler.build(scanner.scan());
  const minified = await esbuild.transform(css, { loader: "css", minify: true });
  const hash = createHash("sha256").update(minified.code).digest("hex").slice(0, 10);
  const name = `app-${hash}.css`;
  await writeFile(`${OUT}/${name}`, minified.code);
  return `/static/build/${name}`;
}

async function buildIslands() {
  const result = await esbuild.build({
    entryPoints: [`${ROOT}islands/client.ts`],
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["chrome111", "firefox115", "safari16.4"],
    outdir: OUT,
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
    jsx: "automatic",
    // The islands hydrate with Preact's React-compatible runtime (~10 KB brotli against ~60 KB for
    // react-dom); the server keeps rendering with React. Subpaths follow (react/jsx-runtime,
    // react-dom/client). Decision record 015.
    alias: { react: "preact/compat", "react-dom": "preact/compat" },
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: "warning",
  });
  const url = (file: string) => `/static/build/${relative(OUT, `${ROOT}${file}`)}`;
  const outputs = result.metafile.outputs;
  // Everything an island pulls in statically, so the page can modulepreload it up front.
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === "import-statement" && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return [...seen];
  };
  let client = "";
  const islands: Record<string, { file: string; imports: string[] }> = {};
  // The chunks that are mostly the UI runtime, so bench/js.ts can tell it from our own code.
  const runtimeBytes = (inputs: Record<string, { bytesInOutput: number }>) =>
    Object.entries(inputs).reduce(
      (n, [path, i]) => n + (/node_modules\/(.+\/)?(preact|react|react-dom|scheduler)\//.test(path) ? i.bytesInOutput : 0),
      0,
    );
  const runtime = Object.entries(outputs)
    .filter(([file, out]) => file.endsWith(".js") && runtimeBytes(out.inputs) > out.bytes / 2)
    .map(([file]) => url(file));
  for (const [file, out] of Object.entries(outputs)) {
    // Islands (and the client) only: a form's schema, imported on demand, is an entry point too.
    if (!file.endsWith(".js") || !out.entryPoint?.startsWith("islands/")) continue;
    const name = out.entryPoint.replace(/^islands\//, "").replace(/\.tsx?$/, "");
    if (name === "client") client = url(file);
    else islands[name] = { file: url(file), imports: staticImports(file).map(url) };
  }
  return { client, runtime, islands };
}

export async function buildAssets() {
  const started = performance.now();
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const [css, js] = await Promise.all([buildCss(), buildIslands()]);
  const manifest = { css, ...js };
  await writeFile(`${OUT}/manifest.json`, JSON.stringify(manifest, null, 2));
  console.log(`built ${Object.keys(js.islands).length} islands and CSS in ${Math.round(performance.now() - started)} ms`);
  return manifest;
}

if (import.meta.main) {
  await buildAssets();
  await esbuild.stop();
}
