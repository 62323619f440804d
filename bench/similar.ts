/**
 * Look-alike lookup (issue 25): one upload's perceptual hash against the kept index
 * (lib/media/similar_index.ts, a brute-force popcount scan over two Uint32Arrays) at 1,000,
 * 10,000 and 100,000 hashes, and a 4-frame video's lookup at 100,000. Median and p99 of 300
 * lookups each. The bar is under 5 ms at 100,000.
 *   NODE_ENV=production deno run -A bench/similar.ts
 */
import { randomBytes } from "node:crypto";
import { HashIndex } from "../lib/media/similar_index.ts";

const randomHash = () => randomBytes(8).toString("hex");
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const rows: string[][] = [];
for (const [size, frames] of [[1_000, 1], [10_000, 1], [100_000, 1], [100_000, 4]] as const) {
  const index = new HashIndex();
  for (let i = 0; i < size; i++) index.add(i + 1, randomHash());
  const queries = Array.from({ length: 300 }, () => Array.from({ length: frames }, randomHash));
  for (const q of queries.slice(0, 20)) index.near(q, 12); // warm-up (JIT)
  const times = queries.map((q) => {
    const t = performance.now();
    index.near(q, 12);
    return performance.now() - t;
  });
  rows.push([size.toLocaleString("en"), String(frames), pct(times, 0.5).toFixed(3), pct(times, 0.99).toFixed(3)]);
}
console.log("similar lookup (kept index, brute-force popcount, distance <= 12)");
console.log(["hashes", "query hashes", "p50 ms", "p99 ms"].join("\t"));
for (const r of rows) console.log(r.join("\t"));
