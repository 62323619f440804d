/** Prints the SHA-256 of the look-alike test pictures, one line per seed (tests/fresh_machine_test.ts runs it without fonts). */
import { createHash } from "node:crypto";
import { scene } from "./_similar_fixtures.ts";

for (const seed of Deno.args.map(Number)) console.log(createHash("sha256").update(await scene(seed)).digest("hex"));
