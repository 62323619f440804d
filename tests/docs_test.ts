/**
 * Issue 36 point 2: every deliberate difference from the spec is recorded inside the repository
 * (decision 036), and no comment points to a guide outside it.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";

const ROOT = new URL("../", import.meta.url);
const PLACES = [
  "app.ts",
  "main.ts",
  "server.ts",
  "README.md",
  "common",
  "components",
  "db",
  "docs",
  "islands",
  "lib",
  "routes",
  "tasks",
  "tests",
  "bench",
];
// Spelled in parts so this file does not name it either.
const OUTSIDE = new RegExp([["DECISIONS", "md"].join("\\."), ["shared", "guide"].join("/")].join("|"));

async function files(): Promise<string[]> {
  const out: string[] = [];
  for (const place of PLACES) {
    if (place.includes(".")) out.push(place);
    else for (const f of await readdir(new URL(place, ROOT), { recursive: true })) out.push(`${place}/${f}`);
  }
  return out.filter((f) => /\.(tsx?|sql|md|json)$/.test(f));
}

Deno.test("[docs] no file points to a guide outside the repository: the spec's differences are decision 036", async () => {
  const found: string[] = [];
  for (const f of await files()) {
    (await readFile(new URL(f, ROOT), "utf8")).split("\n").forEach((line, i) => OUTSIDE.test(line) && found.push(`${f}:${i + 1}`));
  }
  assert.deepEqual(found, []);
});

Deno.test("[docs] decision 036 lists the differences, including those issue 36 found unrecorded, and the index names it", async () => {
  const record = await readFile(new URL("docs/decisions/036-spec-differences.md", ROOT), "utf8");
  for (const row of ["fixed About line", "Video and Image tabs", "View and Delete", "five tabs", "total comments of the opened thread"]) {
    assert.match(record, new RegExp(`^\\| [^|]*${row}`, "m"), row);
  }
  // Every row has its three cells filled: what the spec says, what we build, why.
  const rows = record.split("\n").filter((l) => /^\| (?!-|Spec says)/.test(l));
  assert.ok(rows.length >= 20, `${rows.length} rows`);
  for (const row of rows) assert.equal(row.split("|").slice(1, -1).filter((cell) => cell.trim()).length, 3, row);
  assert.match(await readFile(new URL("docs/decisions/README.md", ROOT), "utf8"), /\[036\]\(036-spec-differences\.md\)/);
});
