/**
 * Issue 23: what a second core buys. The home page for a visitor (page cache off, so every request
 * renders) and for a member, and POST like (writes from every worker into one file), with
 * WEB_CONCURRENCY=1 and =2, the server not pinned. On a 2-core
 * machine wrk needs a core too, so each run also reports the CPU wrk and the server used (from
 * /proc and the shell's `times`), and req/s per server CPU-second; a second round pins wrk to
 * core 1, so the server has core 0 plus what wrk leaves of core 1.
 *   NODE_ENV=production deno run -A bench/cores.ts    (DURATION seconds, default 8; ITEMS, default 1000)
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { seedItems } from "./_seed.ts";
import { BROWSER, parseWrk, printTable, startBenchServer, withAgeCookie, WRK } from "./_lib.ts";

const DURATION = Number(Deno.env.get("DURATION") ?? 8);
const ITEMS = Number(Deno.env.get("ITEMS") ?? 1000);
const TICK = 100; // clock ticks per second (USER_HZ) on Linux

/** CPU seconds a process (and, for the main process, its worker children) has used so far. */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch { /* gone */ }
  return (ticks(pid) + children.reduce((s, c) => s + ticks(c), 0)) / TICK;
}

/** wrk, optionally pinned, with its own CPU time from the shell's `times` (children's user and system). */
async function wrk(url: string, headers: Record<string, string>, pinned: boolean, lua?: string) {
  const h = Object.entries(withAgeCookie(headers)).map(([k, v]) => `-H '${k}: ${v}'`).join(" ");
  let script = "";
  if (lua) {
    script = `-s ${Deno.makeTempDirSync()}/likes.lua`;
    Deno.writeTextFileSync(script.slice(3), lua);
  }
  const cmd = `${
    pinned ? "taskset -c 1 " : ""
  }wrk -t${WRK.threads} -c${WRK.connections} -d${DURATION}s --latency ${h} ${script} '${url}'; times`;
  const out = await new Deno.Command("bash", { args: ["-c", cmd], stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout);
  // `times` prints the shell's own line, then its children's: "0m1.234s 0m0.567s".
  const lines = text.trim().split("\n");
  const m = lines.at(-1)!.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  const wrkCpu = m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]) : NaN;
  return { ...parseWrk(url, lines.slice(0, -2).join("\n")), wrkCpu };
}

const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const rows: (string | number)[][] = [];
const rates = new Map<string, number>();
for (const pinned of [false, true]) {
  for (const workers of [1, 2]) {
    const ids: number[] = [];
    const server = await startBenchServer({
      cpu: null,
      members: 100,
      env: { WEB_CONCURRENCY: String(workers), PAGE_CACHE_SECONDS: "0", AGE_GATE: "false" },
      seed: async (db) => {
        await seedItems(db, ITEMS);
        const rows = await db.select({ id: media.id }).from(media).where(eq(media.reviewStatus, "approved")).limit(500);
        ids.push(...rows.map((r) => r.id));
      },
    });
    // Writes from every worker into one file: each like a random member and item, nearly all inserts.
    const likeLua = `
local cookies = { ${server.cookies.map((c) => `"${c}"`).join(",")} }
local items = { ${ids.join(",")} }
request = function()
  return wrk.format("POST", "/api/videos/" .. items[math.random(#items)] .. "/like",
    { ["Cookie"] = cookies[math.random(#cookies)], ["Origin"] = "${server.url}" }, nil)
end`;
    const cases = [["visitor", BROWSER, undefined], ["member", { ...BROWSER, cookie: server.cookie }, undefined]] as const;
    const all = pinned ? cases : [...cases, ["POST like", {}, likeLua] as const];
    try {
      await new Promise((r) => setTimeout(r, 1500)); // every worker listening
      for (const [who, headers, lua] of all) {
        await wrk(`${server.url}/`, headers, pinned, lua); // warm-up: JIT, kept rows, statements
        const before = cpuSeconds(server.pid);
        const r = await wrk(`${server.url}/`, headers, pinned, lua);
        const serverCpu = cpuSeconds(server.pid) - before;
        rates.set(`${pinned}:${who}:${workers}`, r.rps);
        rows.push([
          pinned ? "core 1" : "free",
          `${workers}`,
          who,
          r.rps.toFixed(0),
          `${r.p99.toFixed(1)} ms`,
          (serverCpu / DURATION).toFixed(2),
          (r.wrkCpu / DURATION).toFixed(2),
          (r.rps / (serverCpu / DURATION)).toFixed(0),
          r.non2xx,
          r.errors,
        ]);
      }
    } finally {
      await server.stop();
    }
  }
}

printTable(
  `Home page, ${ITEMS} items, page cache off; wrk -t${WRK.threads} -c${WRK.connections} -d${DURATION}s; load average before: ${loadBefore}`,
  ["wrk", "WEB_CONCURRENCY", "who", "req/s", "p99", "server cores", "wrk cores", "req/s per server core", "non-2xx", "socket errors"],
  rows,
);
const ratio = (pinned: boolean, who: string) => (rates.get(`${pinned}:${who}:2`)! / rates.get(`${pinned}:${who}:1`)!).toFixed(2);
printTable("WEB_CONCURRENCY=2 over =1 (req/s)", ["wrk", "visitor", "member", "POST like"], [
  ["free", ratio(false, "visitor"), ratio(false, "member"), ratio(false, "POST like")],
  ["core 1", ratio(true, "visitor"), ratio(true, "member"), "-"],
]);
console.log(
  "Caveats: two cores in all, wrk takes one share of them, so 2.0x is out of reach here; other work on the machine\n" +
    "(see the load average) moves every figure. Read 'req/s per server core' for what a worker costs, the ratio for\n" +
    "what this box gains. Likes are bound by fsync and the one write lock the workers share (a file lock, decision 022),\n" +
    "not by CPU; socket errors are wrk's 2 s timeouts.",
);
