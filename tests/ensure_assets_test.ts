import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BUILD_MODULE } from "../lib/boot/ensure_assets.ts";

// The build tool is imported by a computed specifier, which no type check follows: a move of either file must fail here, not at a start.
Deno.test("[layout] the build tool ensureAssets imports when sources are newer is where it points", () => {
  assert.ok(existsSync(fileURLToPath(BUILD_MODULE)), BUILD_MODULE);
  assert.match(BUILD_MODULE, /\/tasks\/build\.ts$/);
});
