/**
 * `deno task compile`: one self-contained `./dreamreel` binary with the built assets, the
 * static files (favicon, demo media), the migrations and the npm packages the server uses
 * (including the native addons of @libsql and @node-rs/argon2).
 *
 * `deno compile` needs a `denort` runtime. It cannot be downloaded here: it is taken from
 * $DENORT_BIN or a pre-placed $DENO_DIR/dl/release/v{version}/denort-{target}.zip. No npm
 * package ships it (the `deno` npm package holds only the full CLI, which cannot serve as one).
 *   deno task compile [--output path] [--target x86_64-unknown-linux-gnu]
 */
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../lib/boot/v8_flags.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The permissions the server needs, baked into the binary (see deno.json `start`). */
export const PERMISSIONS = ["--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys", "--allow-run"];

export function hostTarget(): string {
  const arch = Deno.build.arch;
  return Deno.build.os === "linux" ? `${arch}-unknown-linux-gnu` : Deno.build.target;
}

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped", stderr: "null" }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

/** Where a runtime for `deno compile` is, or why there is none. */
export async function findRuntime(target = hostTarget()): Promise<{ ok: true; via: string } | { ok: false; reason: string }> {
  const bin = Deno.env.get("DENORT_BIN");
  if (bin) return existsSync(bin) ? { ok: true, via: `DENORT_BIN=${bin}` } : { ok: false, reason: `DENORT_BIN=${bin} does not exist` };
  const zip = `${await denoDir()}/dl/release/v${Deno.version.deno}/denort-${target}.zip`;
  if (existsSync(zip)) return { ok: true, via: zip };
  return {
    ok: false,
    reason: `no denort runtime for deno compile: set DENORT_BIN or place ${zip} (offline here; no npm package ships denort)`,
  };
}

export function compileArgs(output: string, envFile: string, target = hostTarget()): string[] {
  // The whole node_modules directory is embedded (about 116 MB, dev tools included): `--exclude`
  // does not prune it in 2.9.6, and the native addons of @libsql and @node-rs/argon2 are found
  // by a computed require that `--exclude-unused-npm` would miss.
  return [
    "compile",
    ...PERMISSIONS,
    // SO_REUSEPORT for the workers of lib/boot/supervisor.ts.
    "--unstable-net",
    "--no-check",
    `--v8-flags=${V8_FLAGS}`,
    `--env-file=${envFile}`,
    "--target",
    target,
    "--include",
    "static",
    "--include",
    "db/migrations",
    // The parse worker is started from a URL (lib/media/untrusted_parse.ts), which deno compile does not follow.
    "--include",
    "lib/media/parse_worker.ts",
    "--output",
    output,
    "main.ts",
  ];
}

/** Builds assets, then the binary; returns the path written. */
export async function compileBinary(output = `${ROOT}dreamreel`, opts: { quiet?: boolean } = {}): Promise<string> {
  const buildModule = "./build.ts";
  const { buildAssets } = await import(buildModule);
  await buildAssets();
  // NODE_ENV=production is embedded so React runs its production build without any setup.
  const envFile = `${await mkdtemp(`${tmpdir()}/dreamreel-compile-`)}/production.env`;
  await writeFile(envFile, "NODE_ENV=production\n");
  const cmd = new Deno.Command(Deno.execPath(), {
    args: compileArgs(output, envFile),
    cwd: ROOT,
    stdout: opts.quiet ? "piped" : "inherit",
    stderr: opts.quiet ? "piped" : "inherit",
  });
  const res = await cmd.output();
  if (!res.success) {
    const detail = opts.quiet ? new TextDecoder().decode(res.stderr) : "";
    throw new Error(`deno compile failed${detail ? `:\n${detail}` : ""}`);
  }
  return output;
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--output");
  const output = i >= 0 ? Deno.args[i + 1] : `${ROOT}dreamreel`;
  const runtime = await findRuntime();
  if (!runtime.ok) {
    console.error(runtime.reason);
    Deno.exit(1);
  }
  console.log(`compiling with ${runtime.via}`);
  await compileBinary(output);
  console.log(`wrote ${output}`);
}
