import assert from "node:assert/strict";
import { shuffleHead, shuffleOrder } from "../lib/feed/order.ts";

Deno.test("[feed] a seed's first page, picked in one pass, is the start of its whole shuffle", () => {
  const ids = Array.from({ length: 1_000 }, (_, i) => i * 3 + 1);
  for (const seed of ["a", "bench", "Zx-9_q", "mwt1a6bxdc587800"]) {
    const all = shuffleOrder(ids, seed);
    for (const count of [1, 7, 13, 999, 1_000, 1_200]) {
      assert.deepEqual(shuffleHead(ids, seed, count), all.slice(0, count), `${seed} ${count}`);
    }
  }
  assert.deepEqual(shuffleHead([], "x", 5), []);
});
