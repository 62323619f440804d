/**
 * Figures of the video pipeline for the admin overview: bytes in renditions and the job queue's
 * length and failures. Those tables come with the renditions work (issue 21); until they exist
 * these answer null and the overview leaves the figures out. The one place to adjust when their
 * names or columns settle: table names, the size column, and which statuses count as waiting.
 */
import type { Db } from "../../db/client.ts";

const RENDITIONS = "renditions";
const JOBS = "jobs";
const SIZE_COLUMNS = ["size", "bytes", "size_bytes", "file_size"];
const WAITING = ["queued", "pending", "waiting", "running", "leased"];
const FAILED = ["failed", "dead"];

async function columnsOf(db: Db, table: string): Promise<string[] | null> {
  const exists = await db.client.execute({ sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", args: [table] });
  if (!exists.rows.length) return null;
  const info = await db.client.execute(`PRAGMA table_info(${table})`);
  return info.rows.map((r) => String(r.name ?? r[1]));
}

/** Bytes stored as renditions, or null while there is no renditions table. */
export async function renditionBytes(db: Db): Promise<number | null> {
  const cols = await columnsOf(db, RENDITIONS);
  const size = cols && SIZE_COLUMNS.find((c) => cols.includes(c));
  if (!size) return null;
  const rs = await db.client.execute(`SELECT coalesce(sum(${size}), 0) AS n FROM ${RENDITIONS}`);
  return Number(rs.rows[0]?.n ?? 0);
}

/** Jobs waiting or running, and jobs that failed for good; null while there is no jobs table. */
export async function jobFigures(db: Db): Promise<{ waiting: number; failed: number } | null> {
  const cols = await columnsOf(db, JOBS);
  if (!cols?.includes("status")) return null;
  const list = (values: string[]) => values.map((v) => `'${v}'`).join(", ");
  const rs = await db.client.execute(
    `SELECT coalesce(sum(status IN (${list(WAITING)})), 0) AS waiting, coalesce(sum(status IN (${
      list(FAILED)
    })), 0) AS failed FROM ${JOBS}`,
  );
  return { waiting: Number(rs.rows[0]?.waiting ?? 0), failed: Number(rs.rows[0]?.failed ?? 0) };
}
