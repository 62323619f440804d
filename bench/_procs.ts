/**
 * Where the CPU goes during a bench: utime + stime of this bench's process tree from /proc,
 * grouped (the server, its Litestream, moto), and the whole machine's busy time from
 * /proc/stat, so that what other work took during the window is shown beside ours (wrk among it:
 * it has exited, its time gone to its parent, when the window closes). Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

const CLK_TCK = 100; // USER_HZ on every Linux build that matters here (getconf CLK_TCK)

type Proc = { pid: number; ppid: number; comm: string; ticks: number };

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const f = stat.slice(close + 2).split(" "); // f[0] is field 3 (state)
    return { pid, ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null; // gone between the listing and the read
  }
}

function allProcs(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const p = readProc(Number(name));
    if (p) out.push(p);
  }
  return out;
}

/** The machine's busy jiffies (all cores), from /proc/stat's first line. */
function machineBusy(): number {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  return f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] ?? 0);
}

export type CpuGroup = "server" | "litestream" | "moto";
export type CpuSnapshot = { at: number; ticks: Map<number, { group: CpuGroup; ticks: number }>; machine: number };

const groupOf = (p: Proc, underServer: boolean): CpuGroup | null =>
  p.comm === "litestream" ? "litestream" : /python|moto/.test(p.comm) ? "moto" : underServer ? "server" : null;

/** Every process under this bench (the server's tree by `serverPid`), with its CPU ticks so far. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const procs = allProcs();
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const ticks = new Map<number, { group: CpuGroup; ticks: number }>();
  const walk = (pid: number, underServer: boolean) => {
    for (const c of children.get(pid) ?? []) {
      const inServer = underServer || c.pid === serverPid;
      const group = groupOf(c, inServer);
      if (group) ticks.set(c.pid, { group, ticks: c.ticks });
      walk(c.pid, inServer);
    }
  };
  walk(Deno.pid, false);
  return { at: performance.now(), ticks, machine: machineBusy() };
}

/** CPU seconds per group between two snapshots (a process that started in between counts from 0), and the rest of the machine's. */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  const seconds: Record<CpuGroup | "others", number> = { server: 0, litestream: 0, moto: 0, others: 0 };
  let ours = 0;
  for (const [pid, { group, ticks }] of b.ticks) {
    const d = ticks - (a.ticks.get(pid)?.ticks ?? 0);
    seconds[group] += d / CLK_TCK;
    ours += d;
  }
  seconds.others = Math.max(0, (b.machine - a.machine - ours) / CLK_TCK);
  return { seconds, wallSeconds: (b.at - a.at) / 1000 };
}

/** Litestream's Prometheus metrics as name{labels} → value, from its loopback port (litestream.yml's addr). */
export async function litestreamMetrics(dataDir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  try {
    const addr = /^addr: "([^"]+)"/m.exec(readFileSync(`${dataDir}/litestream.yml`, "utf8"))?.[1];
    if (!addr) return out;
    const text = await (await fetch(`http://${addr}/metrics`)).text();
    for (const line of text.split("\n")) {
      if (!line.startsWith("litestream_")) continue;
      const sp = line.lastIndexOf(" ");
      const value = Number(line.slice(sp + 1));
      if (Number.isFinite(value)) out.set(line.slice(0, sp).replace(/\{db="[^"]*",?/, "{").replace("{}", ""), value);
    }
  } catch { /* Litestream gone or not started */ }
  return out;
}

/** The pids of this bench's own moto (Python under this process), to pin it: never another user's. */
export const ownMotoPids = () => ownPids((p) => /python|moto/.test(p.comm));
/** The pids of this bench's own Litestream. */
export const ownLitestreamPids = () => ownPids((p) => p.comm === "litestream");

function ownPids(match: (p: Proc) => boolean): number[] {
  const procs = allProcs();
  const mine = new Set([Deno.pid]);
  const out: number[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (mine.has(p.ppid) && !mine.has(p.pid)) {
        mine.add(p.pid);
        grew = true;
        if (match(p)) out.push(p.pid);
      }
    }
  }
  return out;
}
