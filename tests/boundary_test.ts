/**
 * The layout's promises (docs/decisions/008-layout.md, 018-lib-layout.md), checked on the real
 * module graph: the browser reaches only islands/, components/ui/ and common/; common/ is pure;
 * the server imports an island only to render it; routes do not import routes; lib/'s subsystem
 * folders import only the folders below them; the code folders import each other without cycles;
 * no server file is over 300 lines.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";

const ROOT = new URL("../", import.meta.url);
const ROOT_URL = ROOT.href;

type Dependency = { specifier: string; code?: { specifier?: string }; type?: { specifier?: string } };
type Module = { specifier: string; kind?: string; dependencies?: Dependency[] };

async function moduleGraph(entry: string): Promise<Module[]> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json", entry], cwd: ROOT, stdout: "piped", stderr: "piped" })
    .output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout)).modules;
}

const local = (specifier: string) => specifier.startsWith(ROOT_URL) ? specifier.slice(ROOT_URL.length) : null;

/** Every local module a module imports, for code or for types. */
function localDeps(m: Module): string[] {
  return (m.dependencies ?? []).flatMap((d) => [d.code?.specifier, d.type?.specifier])
    .map((s) => (s ? local(s) : null)).filter((s): s is string => s !== null);
}

const CLIENT_FOLDERS = ["islands/", "components/ui/", "common/"];

Deno.test("[layout] the browser's module graph reaches only islands/, components/ui/, common/ and npm packages", async () => {
  const modules = await moduleGraph("islands/client.ts");
  const strays: string[] = [];
  for (const m of modules) {
    const path = local(m.specifier);
    if (path !== null) {
      if (!CLIENT_FOLDERS.some((f) => path.startsWith(f))) strays.push(path);
    } else if (!m.specifier.startsWith("npm:") && m.kind !== "npm") {
      strays.push(m.specifier); // node:, jsr:, https: ...
    }
  }
  assert.deepEqual(strays, [], "modules the browser must not load (even as types)");
  // Sanity: the graph really is the client's.
  assert.ok(modules.some((m) => local(m.specifier) === "islands/registry.ts"));
});

/** The import specifiers of a source file (static, dynamic and `export ... from`). */
async function importsOf(path: string): Promise<string[]> {
  const text = await readFile(new URL(path, ROOT), "utf8");
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]);
}

/** The .ts and .tsx files under `dir`, as paths from the project root. */
async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(new URL(`${dir}/`, ROOT), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

const resolve = (from: string, spec: string) => new URL(spec, new URL(from, ROOT)).href.slice(ROOT_URL.length);

Deno.test("[layout] common/ is pure TypeScript: no Deno, node:, hono, drizzle, db/ or lib/, and only zod/mini from npm", async () => {
  const files = await sourceFiles("common");
  assert.ok(files.length > 5, `common/ files found: ${files}`);
  for (const file of files) {
    for (const spec of await importsOf(file)) {
      if (spec.startsWith(".")) assert.ok(resolve(file, spec).startsWith("common/"), `${file} imports ${spec}`);
      else assert.equal(spec, "zod/mini", `${file} imports ${spec}`);
    }
    const text = await readFile(new URL(file, ROOT), "utf8");
    assert.doesNotMatch(text, /\bDeno\./, `${file} uses Deno`);
  }
});

Deno.test("[layout] islands/ and components/ui/ import only each other, common/ and React (or zod/mini)", async () => {
  for (const dir of ["islands", "components/ui"]) {
    for (const file of await sourceFiles(dir)) {
      for (const spec of await importsOf(file)) {
        if (spec.startsWith(".")) {
          const target = resolve(file, spec);
          assert.ok(CLIENT_FOLDERS.some((f) => target.startsWith(f)), `${file} imports ${spec}`);
        } else assert.match(spec, /^(react|react-dom)(\/.*)?$|^zod\/mini$/, `${file} imports ${spec}`);
      }
    }
  }
});

Deno.test("[layout] no route imports another route: shared logic lives in lib/ or db/queries/", async () => {
  for (const file of await sourceFiles("routes")) {
    if (file === "routes/mod.ts") continue;
    for (const spec of await importsOf(file)) {
      if (spec.startsWith(".")) assert.ok(!resolve(file, spec).startsWith("routes/"), `${file} imports ${spec}`);
    }
  }
});

/**
 * lib/'s folders and what each may import besides its own files, lowest first (decision 018):
 * every folder may use the root's files, and an arrow may only point down the list. A folder
 * not named here fails the test: a new subsystem states its place when it is created.
 */
const LIB_RULE: Record<string, string[]> = {
  "lib": [],
  "lib/http": ["lib"],
  // The site's settings (issue 41): read by media (quotas), auth (sign-ups) and render (names, legal texts).
  "lib/settings": ["lib", "lib/http"],
  // The job queue is plumbing (a table, claims, leases): it imports nothing of the work it runs.
  "lib/jobs": ["lib"],
  // Storage backends (local disk, S3) know files and buckets, nothing of items or users.
  "lib/storage": ["lib", "lib/http"],
  // Litestream and the replica's state (issue 37): the bucket check is the storage backend's.
  "lib/replica": ["lib", "lib/http", "lib/storage"],
  "lib/media": ["lib", "lib/http", "lib/jobs", "lib/storage", "lib/settings"],
  "lib/feed": ["lib", "lib/http", "lib/media", "lib/settings"],
  "lib/community": ["lib", "lib/http", "lib/media", "lib/settings"],
  "lib/auth": ["lib", "lib/http", "lib/media", "lib/feed", "lib/community", "lib/settings"],
  // Notifications (issue 33): their jobs, mails (auth/mail.ts) and the unsubscribe token (media/signing.ts).
  "lib/notify": ["lib", "lib/http", "lib/jobs", "lib/media", "lib/auth", "lib/settings"],
  "lib/render": ["lib", "lib/http", "lib/feed", "lib/auth", "lib/community", "lib/settings"],
  // ActivityPub (issue 40): items and members out, follows in; the "new follower" notification is notify's.
  "lib/federation": ["lib", "lib/http", "lib/jobs", "lib/media", "lib/feed", "lib/community", "lib/auth", "lib/notify", "lib/settings"],
  // boot opens the database with the replica's options (lib/replica/backpressure.ts, decision 050).
  "lib/boot": [
    "lib",
    "lib/replica",
    "lib/http",
    "lib/media",
    "lib/feed",
    "lib/community",
    "lib/auth",
    "lib/jobs",
    "lib/notify",
    "lib/render",
    "lib/storage",
    "lib/settings",
    "lib/federation",
  ],
};
/** The root keeps what every folder uses; anything else goes in a subsystem folder. */
const LIB_ROOT_FILES = [
  "app_env.ts",
  "background.ts",
  "body.ts",
  "config.ts",
  "config_schema.ts",
  "http_error.ts",
  "log.ts",
  "validate.ts",
];
/** What lib/ serves: the layers above it. */
const ABOVE_LIB = ["routes/", "app.ts", "server.ts", "main.ts", "tasks/", "bench/", "tests/"];

Deno.test("[layout] lib/ folders import only the folders below them, and nothing above lib/", async () => {
  const root = await readdir(new URL("lib/", ROOT), { withFileTypes: true });
  assert.deepEqual(
    root.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => e.name).sort(),
    LIB_ROOT_FILES,
    "files at lib/'s root",
  );
  const folders = root.filter((e) => e.isDirectory()).map((e) => `lib/${e.name}`);
  assert.deepEqual(folders.filter((f) => !(f in LIB_RULE)), [], "lib/ folders missing from LIB_RULE");
  const wrong: string[] = [];
  for (const file of await sourceFiles("lib")) {
    const from = file.slice(0, file.lastIndexOf("/"));
    for (const spec of await importsOf(file)) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(file, spec);
      const to = target.slice(0, target.lastIndexOf("/"));
      if (ABOVE_LIB.some((p) => target.startsWith(p))) wrong.push(`${file} imports ${target}: lib/ never imports the layers above it`);
      else if (to.startsWith("lib") && to !== from && !LIB_RULE[from].includes(to)) {
        wrong.push(`${file} imports ${target}: ${from}/ may import ${LIB_RULE[from].map((f) => `${f}/`).join(", ") || "no lib/ folder"}`);
      }
    }
  }
  assert.deepEqual(wrong, [], "imports against the lib/ folder rule (tests/boundary_test.ts LIB_RULE)");
});

Deno.test("[layout] no server source file is over 300 lines", async () => {
  const files = [
    ...["app.ts", "server.ts", "main.ts"],
    ...(await Promise.all(["lib", "routes", "db", "components"].map(sourceFiles))).flat(),
  ];
  const long: string[] = [];
  for (const file of files) {
    if (file.startsWith("components/ui/")) continue; // shared with the browser, not server code
    const lines = (await readFile(new URL(file, ROOT), "utf8")).split("\n").length - 1;
    if (lines > 300) long.push(`${file}: ${lines} lines`);
  }
  assert.deepEqual(long, []);
});

/** Folder of a module for the cycle check: components/ui/ counts apart from components/. */
const folderOf = (path: string) => path.startsWith("components/ui/") ? "components/ui" : path.split("/")[0];
const CODE_FOLDERS = new Set(["common", "components/ui", "islands", "components", "lib", "db", "routes"]);

Deno.test("[layout] server code imports an island only to render it, and the code folders import each other without cycles", async () => {
  const modules = [...await moduleGraph("main.ts"), ...await moduleGraph("islands/client.ts")];
  const edges = new Map<string, Set<string>>();
  for (const m of modules) {
    const from = local(m.specifier);
    if (from === null) continue;
    for (const to of localDeps(m)) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a !== b && CODE_FOLDERS.has(a) && CODE_FOLDERS.has(b)) {
        if (!edges.has(a)) edges.set(a, new Set());
        edges.get(a)!.add(b);
      }
      if (b !== "islands" || a === "islands" || a === "components/ui") continue;
      // A server module may import an island (default export) only where it renders it: <Island component={X}>.
      const text: string = await readFile(new URL(from, ROOT), "utf8");
      if (to === "islands/registry.ts") {
        assert.equal(from, "components/Island.tsx", `${from} imports the island registry`);
        continue;
      }
      const name: string | undefined = new RegExp(`import\\s+(\\w+)[^;]*from\\s+["'][./]*islands/${to.slice("islands/".length)}["']`).exec(
        text,
      )?.[1];
      assert.ok(name, `${from} imports ${to} without its default export`);
      assert.match(
        text,
        new RegExp(`<Island[^>]*component=\\{${name}\\}`),
        `${from} imports ${to} but renders no <Island component={${name}}>`,
      );
    }
  }
  // Depth-first search for a cycle between folders.
  const state = new Map<string, "open" | "done">();
  const visit = (folder: string, trail: string[]) => {
    if (state.get(folder) === "done") return;
    assert.notEqual(state.get(folder), "open", `folder cycle: ${[...trail, folder].join(" -> ")}`);
    state.set(folder, "open");
    for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
    state.set(folder, "done");
  };
  for (const folder of edges.keys()) visit(folder, []);
  assert.ok(edges.get("routes")?.has("lib"), "the graph was read");
});
