/**
 * What the main process knows of its Litestream, turned into a ReplicaStatus (status.ts): whether
 * it runs, what it logged, and the positions its metrics report. The lag is the age of the oldest
 * write Litestream has taken from the database (its shadow WAL) that the replica does not hold yet:
 * every poll records the shadow position with its time, and the newest recorded position the
 * replica has reached says up to when everything is on the replica.
 */
import type { Config } from "../config.ts";
import { redactText, redactUrl } from "../log.ts";
import { LAGGING_SECONDS, type ReplicaProblem, type ReplicaStatus } from "./status.ts";

/** A WAL position within one generation: the WAL file's index, then the offset in it. */
export type WalPosition = { index: number; offset: number };
const compare = (a: WalPosition, b: WalPosition) => a.index - b.index || a.offset - b.offset;
/** Polls kept while the replica is behind (four a second, run.ts: an hour). */
const MAX_SAMPLES = 14_400;
const MAX_LINE = 4096;

export type LogEvent = { kind: "error"; text: string } | { kind: "written" } | { kind: "generation" } | null;

/**
 * One line of Litestream 0.3's log (`time=... level=ERROR msg="monitor error" ... error="..."`),
 * read as logfmt with a bound on its length: what it means for the replica.
 */
export function logEvent(line: string): LogEvent {
  const fields = logfmt(line.slice(0, MAX_LINE));
  const msg = fields.msg ?? "";
  if (fields.level === "ERROR") return { kind: "error", text: [msg, fields.error].filter(Boolean).join(": ") };
  if (msg === "wal segment written" || msg === "snapshot written") return { kind: "written" };
  if (msg === "sync: new generation") return { kind: "generation" };
  return null;
}

export function logfmt(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < line.length) {
    while (line[i] === " ") i++;
    const eq = line.indexOf("=", i);
    if (eq < 0) break;
    const key = line.slice(i, eq);
    let value = "";
    i = eq + 1;
    if (line[i] === '"') {
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && i + 1 < line.length) value += unescape(line[++i]);
        else value += line[i];
      }
      i++;
    } else {
      const end = line.indexOf(" ", i);
      value = line.slice(i, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
    }
    out[key] = value;
  }
  return out;
}

const unescape = (c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c);

/** The kind of a failure, from the words of Litestream (AWS SDK errors) or of our own start-up check. */
export function classify(text: string): Exclude<ReplicaProblem, "not-running"> {
  if (text.includes("NoSuchBucket")) return "bucket";
  if (/InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|status code: 403/.test(text)) return "credentials";
  if (/connection refused|no such host|dial tcp|i\/o timeout|send request failed|connection reset/.test(text)) return "unreachable";
  return "failing";
}

/** The operator's sentence for a problem, naming the setting to look at. */
export function describe(config: Config, problem: ReplicaProblem, detail = ""): string {
  const r = config.replica!;
  // These words reach the log and the admin overview: the endpoint without its user and password, Litestream's words redacted.
  const endpoint = redactUrl(r.endpoint);
  const where = `bucket "${r.bucket}" at ${endpoint}`;
  detail = redactText(detail);
  switch (problem) {
    case "unreachable":
      return `cannot reach the replica endpoint ${endpoint} (wrong REPLICA_ENDPOINT, or the server is down)`;
    case "credentials":
      return `${where} refused the credentials: check REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY`;
    case "bucket":
      return `${where} does not exist (create it, or fix REPLICA_URL)`;
    case "not-running":
      return `Litestream is not running${detail ? ` (${detail})` : ""}`;
    case "failing":
      return `replication failed: ${detail.slice(0, 300)}`;
  }
}

export class ReplicaTracker {
  running = false;
  pid: number | null = null;
  restarts = 0;
  /**
   * Shadow positions the replica has not reached yet, oldest first, each with the time of the poll
   * before the one that first saw it: every write committed before then is in an earlier position.
   */
  #samples: { after: number; pos: WalPosition }[] = [];
  #lastPollAt = 0;
  #syncedAt: number | null = null;
  /** Since when writes may be waiting unseen: the start, or the moment Litestream stopped; until a poll says. */
  #downSince: number;
  #polled = false;
  #okAt = 0;
  #problem: ReplicaProblem | null = null;
  #error: { text: string; at: number } | null = null;

  constructor(readonly config: Config, now = Date.now()) {
    this.#downSince = now;
  }

  /** Litestream (re)started: positions start over, as its metrics do. */
  started(pid: number | null) {
    this.running = true;
    this.pid = pid;
    this.#samples = [];
    this.#polled = false;
  }

  stopped(now = Date.now()) {
    if (this.running) this.#downSince = now;
    this.running = false;
    this.pid = null;
  }

  /** A failure (a Litestream error line, or the start-up check), in the operator's words. */
  failed(problem: Exclude<ReplicaProblem, "not-running">, message: string, now = Date.now()) {
    this.#problem = problem;
    this.#error = { text: message, at: now };
  }

  /** Something reached the replica: a failure before it is over. */
  succeeded(now = Date.now()) {
    this.#okAt = now;
  }

  /** A new generation: positions of the old one mean nothing against the new one. */
  newGeneration() {
    this.#samples = [];
  }

  /** One metrics poll: the shadow WAL's position (what Litestream took), the replica's (what it holds), if known. */
  observe(shadow: WalPosition | null, replica: WalPosition | null, now = Date.now()) {
    if (!shadow) return;
    const after = this.#polled ? this.#lastPollAt : this.#downSince;
    this.#polled = true;
    this.#lastPollAt = now;
    const last = this.#samples.at(-1);
    if (last && compare(shadow, last.pos) < 0) this.#samples = []; // a new generation started over at 0
    if (!last || compare(shadow, last.pos) !== 0) this.#samples.push({ after, pos: shadow });
    if (this.#samples.length > MAX_SAMPLES) this.#samples.shift();
    // A replica ahead of the shadow WAL is on another generation: not a sync of this one.
    if (!replica || compare(replica, shadow) > 0) return;
    let hit = -1;
    for (let i = this.#samples.length - 1; i >= 0 && hit < 0; i--) if (compare(replica, this.#samples[i].pos) >= 0) hit = i;
    if (hit < 0) return;
    // Everything committed before the first position not reached is on the replica; when all are reached, up to now.
    this.#syncedAt = Math.max(this.#syncedAt ?? 0, hit === this.#samples.length - 1 ? now : this.#samples[hit + 1].after);
    this.#samples.splice(0, hit + 1);
    this.#okAt = Math.max(this.#okAt, now);
  }

  status(now = Date.now()): ReplicaStatus {
    const oldest = this.#samples[0];
    const lagMs = Math.max(0, oldest ? now - oldest.after : this.#polled ? 0 : now - this.#downSince);
    const lagSeconds = Math.round(lagMs / 1000);
    const failing = this.#error !== null && this.#error.at > this.#okAt;
    const problem: ReplicaProblem | null = !this.running ? "not-running" : failing ? this.#problem : null;
    return {
      state: problem ? "down" : lagSeconds > LAGGING_SECONDS ? "lagging" : "ok",
      syncedAt: this.#syncedAt,
      lagSeconds,
      lagMs,
      problem,
      lastError: this.#error?.text ?? null,
      lastErrorAt: this.#error?.at ?? null,
      pid: this.pid,
      restarts: this.restarts,
      updatedAt: now,
    };
  }
}
