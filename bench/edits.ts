/**
 * Owner edits against visitors (issue 31 point 6): a visitor's home page (wrk, 32 connections, page
 * cache on as shipped) while two loops of owner edits (`PUT /api/videos/{id}`) run, as the probe
 * did. Three kinds of loop: edits that change nothing, edits of a pending item (nothing public
 * changes), and real title changes of a public item (each one moves the content version, so the
 * next visitor page renders fresh). The edit rate limit is lifted for the bench.
 *   NODE_ENV=production deno run -A bench/edits.ts
 * `BASELINE=/path/to/checkout` runs the same server code of another checkout (built, same schema) in turn,
 * loop by loop, for a before/after on one (busy) machine.
 */
import type { Db } from "../db/client.ts";
import { media, users } from "../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { seedItems } from "./_seed.ts";
import { type BenchServer, measure, printTable, startBenchServer } from "./_lib.ts";

let publicId = 0;
let pendingId = 0;

async function seed(db: Db) {
  await seedItems(db, 1_000);
  const owner = (await db.select({ id: users.id }).from(users).where(eq(users.username, "bench_member")).get())!;
  const item = (title: string, reviewStatus: "approved" | "pending") =>
    db.insert(media).values({ userId: owner.id, title, contentType: "image", reviewStatus, thumbnailKey: "i/bench.webp" })
      .returning({ id: media.id }).get();
  publicId = (await item("Edited in a loop", "approved")).id;
  pendingId = (await item("Pending, edited in a loop", "pending")).id;
}

const BASELINE = Deno.env.get("BASELINE");
const start = (root?: string) => startBenchServer({ seed, root, env: { RATE_EDITS_PER_USER: "100000000", JOBS_IN_WEB: "false" } });

type Loop = "none" | "unchanged" | "pending" | "real";

/** Two loops of edits until `stop` says so; answers how many were made. */
async function editLoops(server: BenchServer, kind: Loop, stop: () => boolean): Promise<number> {
  if (kind === "none") return 0;
  let n = 0;
  const loop = async (lane: number) => {
    for (let i = 0; !stop(); i++) {
      const id = kind === "pending" ? pendingId : publicId;
      const title = kind === "unchanged" ? "Edited in a loop" : `Edited ${lane}-${i}`;
      const res = await fetch(`${server.url}/api/videos/${id}`, {
        method: "PUT",
        headers: { cookie: server.cookie, "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ title }),
      });
      await res.body?.cancel();
      if (res.status !== 200) throw new Error(`edit answered ${res.status}`);
      n++;
    }
  };
  await Promise.all([loop(0), loop(1)]);
  return n;
}

const rows: (string | number)[][] = [];
const servers: [string, BenchServer][] = [["this", await start()]];
if (BASELINE) servers.push(["baseline", await start(BASELINE)]);
try {
  for (const kind of ["none", "unchanged", "pending", "real"] as Loop[]) {
    for (const [name, server] of servers) {
      let done = false;
      const edits = editLoops(server, kind, () => done);
      const r = await measure(`home, edits: ${kind}`, `${server.url}/`, { seconds: 8 });
      done = true;
      const count = await edits;
      rows.push([kind, name, Math.round(r.rps), `${r.p50.toFixed(2)} ms`, `${r.p99.toFixed(2)} ms`, r.non2xx, Math.round(count / 8)]);
    }
  }
} finally {
  for (const [, server] of servers) await server.stop();
}
printTable("visitor home page (wrk -c32, 8 s) while two owner-edit loops run", [
  "edit loop",
  "code",
  "req/s",
  "p50",
  "p99",
  "non-2xx",
  "edits/s",
], rows);
