import assert from "node:assert/strict";
import { runNow, runSliced, sortByKeyDesc } from "../lib/feed/slice_sort.ts";

/** The order the kept rankings had before slicing: key descending, ties to the larger position. */
function reference(pos: Uint32Array, keys: Float64Array): number[] {
  return Array.from(pos.keys()).sort((a, b) => keys[b] - keys[a] || pos[b] - pos[a]).map((k) => pos[k]);
}

function sample(n: number, distinctKeys: number) {
  const pos = Uint32Array.from({ length: n }, (_, k) => k * 3 + 1);
  const keys = Float64Array.from({ length: n }, () => Math.floor(Math.random() * distinctKeys) / 7);
  return { pos, keys };
}

Deno.test("[feed] the sliced sort orders as a comparator sort does, ties to the larger position, at every size", async () => {
  for (const n of [0, 1, 2, 2_047, 2_048, 2_049, 10_000, 50_001]) {
    for (const distinct of [3, 1_000_000]) {
      const { pos, keys } = sample(n, distinct);
      assert.deepEqual(Array.from(runNow(sortByKeyDesc(pos, keys))), reference(pos, keys), `n=${n} distinct=${distinct}`);
      let pauses = 0;
      const sliced = await runSliced(sortByKeyDesc(pos, keys), () => Promise.resolve(pauses++));
      assert.deepEqual(Array.from(sliced), reference(pos, keys));
      if (n >= 50_000) assert.ok(pauses >= 10, `a large sort yields between slices (${pauses})`);
    }
  }
});
