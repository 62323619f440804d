import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { islands } from "../islands/registry.ts";

const ISLANDS_DIR = new URL("../islands/", import.meta.url);
// The browser entry and the registry itself are the only non-island modules allowed in islands/.
const NOT_ISLANDS = new Set(["client.ts", "registry.ts"]);

Deno.test("[islands] every file in islands/ is an island registered under its file name", async () => {
  const files = (await readdir(ISLANDS_DIR, { withFileTypes: true }))
    .filter((e) => e.isFile() && !NOT_ISLANDS.has(e.name))
    .map((e) => e.name);
  const names = files.map((f) => f.replace(/\.tsx?$/, ""));
  assert.deepEqual(names.toSorted(), Object.keys(islands).toSorted());
  for (const file of files) assert.match(file, /\.tsx$/, `${file} is not an island component`);
});

Deno.test("[islands] each registered island loads a default-exported component", async () => {
  for (const [name, load] of Object.entries(islands)) {
    const mod = await load();
    assert.equal(typeof mod.default, "function", `${name} has no default export`);
  }
});
