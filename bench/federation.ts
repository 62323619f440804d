/**
 * Federation bench (issue 40): `deno task bench federation [followers] [servers]`.
 * One approval delivered to 10,000 remote followers spread over 200 stand-in servers on loopback (127.0.0.3, one
 * port each; they take every POST to their shared inbox and note when the Create came, without checking signatures:
 * the figure is our side's). Prints the time from the approval until every inbox has the Create, and the home page's
 * p50/p99 during the delivery against the same measure before it (16 requests in flight, sequential batches). The creator's
 * keys are made before the clock starts (as a first follower's fetch of the actor makes them), and that time is printed apart.
 */
import { tmpdir } from "node:os";
import { mkdtempSync } from "node:fs";
import { eq } from "drizzle-orm";
import { parseConfig } from "../lib/config.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { serve } from "../server.ts";
import { insertUser } from "../db/queries/users.ts";
import { media, remoteActors, remoteFollows, users } from "../db/schema/mod.ts";
import { printTable } from "./_lib.ts";
import { actorKeyPairs } from "../lib/federation/keys.ts";

const FOLLOWERS = Number(Deno.args[0] ?? 10_000);
const SERVERS = Number(Deno.args[1] ?? 200);
const OUR_HOST = "127.0.0.2";
const PEER_HOST = "127.0.0.3";

function freePort(host: string): number {
  const l = Deno.listen({ hostname: host, port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

// The stand-ins: the time each first received a Create.
const arrived = new Map<number, number>();
const peers = Array.from({ length: SERVERS }, (_, i) =>
  Deno.serve({ hostname: PEER_HOST, port: 0, onListen() {} }, async (req) => {
    const body = await req.text();
    if (req.method === "POST" && body.includes('"Create"') && !arrived.has(i)) arrived.set(i, performance.now());
    return new Response(null, { status: 202 });
  }));
const peerPorts = peers.map((p) => p.addr.port);

const port = freePort(OUR_HOST);
const config = parseConfig({
  DATA_DIR: mkdtempSync(`${tmpdir()}/dreamreel-bench-fed-`),
  HOST: OUR_HOST,
  PORT: String(port),
  SITE_URL: `http://${OUR_HOST}:${port}`,
  LOG_LEVEL: "error",
  PAGE_CACHE_SECONDS: "0",
  JOBS_IN_WEB: "true",
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true",
});
const db = await prepareData(config);
const creator = await insertUser(db, { username: "bench_creator", email: "c@example.com", passwordHash: null });

console.log(`seeding ${FOLLOWERS} remote followers on ${SERVERS} servers`);
const now = Date.now();
for (let start = 0; start < FOLLOWERS; start += 500) {
  const rows = [];
  for (let i = start; i < Math.min(FOLLOWERS, start + 500); i++) {
    const host = `${PEER_HOST}:${peerPorts[i % SERVERS]}`;
    rows.push({
      uri: `http://${host}/users/u${i}`,
      handle: `u${i}@${host}`,
      domain: host,
      inbox: `http://${host}/users/u${i}/inbox`,
      sharedInbox: `http://${host}/inbox`,
      fetchedAt: now,
      createdAt: now,
    });
  }
  const ids = await db.insert(remoteActors).values(rows).returning({ id: remoteActors.id });
  await db.insert(remoteFollows).values(ids.map((r) => ({ remoteActorId: r.id, userId: creator.id, activityId: null, createdAt: now })));
}
await db.update(users).set({ remoteFollowerCount: FOLLOWERS }).where(eq(users.id, creator.id));
const [item] = await db.insert(media).values({ userId: creator.id, title: "Bench item", contentType: "image", reviewStatus: "pending" })
  .returning();

// The creator's key pairs are made once, when a server first fetches the actor (its follow); the bench seeds follows
// directly, so they are made here, before the clock: a 4096-bit RSA pair takes seconds, and is no part of a delivery.
const k0 = performance.now();
await actorKeyPairs(db, creator.id);
const keygenMs = performance.now() - k0;

const server = serve(config, db, { quiet: true });
const home = `${server.url.replace("127.0.0.1", OUR_HOST)}/`;

/** Home page latencies (ms) of `rounds` batches of 16 concurrent requests. */
async function homeLatencies(rounds: number, until?: () => boolean): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < rounds || (until && !until()); r++) {
    await Promise.all(Array.from({ length: 16 }, async () => {
      const t0 = performance.now();
      const res = await fetch(home, { headers: { cookie: "dr_age=1" } });
      await res.arrayBuffer();
      out.push(performance.now() - t0);
    }));
    if (until && until() && r >= 2) break;
  }
  return out;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

await homeLatencies(5); // warm-up
const before = await homeLatencies(30);
const t0 = performance.now();
await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
const during = await homeLatencies(3, () => arrived.size >= SERVERS);
const deadline = t0 + 600_000;
while (arrived.size < SERVERS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const all = arrived.size >= SERVERS ? Math.max(...arrived.values()) - t0 : NaN;

printTable(`One approval to ${FOLLOWERS} remote followers on ${SERVERS} servers`, ["measure", "value"], [
  ["the creator's key pairs made (once, before the clock)", `${(keygenMs / 1000).toFixed(2)} s`],
  ["inboxes reached", `${arrived.size} / ${SERVERS}`],
  ["time until every inbox has the Create", Number.isNaN(all) ? "not all within 10 min" : `${(all / 1000).toFixed(2)} s`],
  ["home page p50 / p99 before", `${pct(before, 0.5).toFixed(1)} / ${pct(before, 0.99).toFixed(1)} ms (${before.length} requests)`],
  [
    "home page p50 / p99 during delivery",
    `${pct(during, 0.5).toFixed(1)} / ${pct(during, 0.99).toFixed(1)} ms (${during.length} requests)`,
  ],
]);
await server.shutdown();
for (const p of peers) await p.shutdown();
Deno.exit(0);
