/**
 * Muted-id lookup (issue 25, db/queries/mutes.ts mutedItemIds): the ids a member's 3 tag, 2 user
 * and 1 generator mutes hide, at 1,000, 10,000 and 100,000 items, through media_tags and the
 * media_generator index (migration 0012), against the LIKE scan it replaced. Median and p99 of
 * 50 lookups each, in process. The bar is under 5 ms at 100,000. Then the same member at the cap of
 * 1,000 mutes (issue 31 point 2; tag mutes no item carries, read by subqueries of user_mutes).
 *   NODE_ENV=production deno run -A bench/mutes.ts
 */
import { prepareData } from "../lib/boot/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { mutedItemIds, mutedItemIdsQuery } from "../db/queries/mutes.ts";
import { planOf } from "./_plans.ts";
import { fillMutes, likeScanSql, seedMutedCatalogue } from "./_mutes.ts";
import { printTable } from "./_lib.ts";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function timed(fn: () => Promise<unknown>, runs = 50): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

const rows: (string | number)[][] = [];
let plan: string[] = [];
for (const size of [1_000, 10_000, 100_000]) {
  const dataDir = Deno.makeTempDirSync({ prefix: "dreamreel-mutes-" });
  const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: "http://127.0.0.1:8000", LOG_LEVEL: "error", NODE_ENV: "production" });
  const db = await prepareData(config);
  try {
    const mutes = await seedMutedCatalogue(db, size);
    const ids = await mutedItemIds(db, mutes.userId);
    const indexed = await timed(() => mutedItemIds(db, mutes.userId));
    const like = likeScanSql(mutes);
    const scan = await timed(() => db.client.execute(like));
    if (size === 100_000) plan = await planOf(db, mutedItemIdsQuery(db, mutes.userId));
    await fillMutes(db, mutes.userId, 1_000);
    const capped = await timed(() => mutedItemIds(db, mutes.userId));
    rows.push([
      size.toLocaleString("en"),
      ids.length.toLocaleString("en"),
      pct(indexed, 0.5).toFixed(2),
      pct(indexed, 0.99).toFixed(2),
      pct(scan, 0.5).toFixed(2),
      pct(capped, 0.5).toFixed(2),
      pct(capped, 0.99).toFixed(2),
    ]);
  } finally {
    db.client.close();
    Deno.removeSync(dataDir, { recursive: true });
  }
}
printTable("muted-id lookup (3 tags, 2 users, 1 generator)", [
  "items",
  "muted ids",
  "p50 ms",
  "p99 ms",
  "LIKE scan p50 ms",
  "1,000 mutes p50",
  "p99",
], rows);
console.log(`plan at 100,000:\n  ${plan.join("\n  ")}`);
