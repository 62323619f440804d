import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, videoWorkLog } from "../schema/mod.ts";

type Conn = Db | Tx;
const DAY_MS = 86_400_000;

/** An item's known transcoding cost (output frames x pixels), null when unknown (decision 040). */
export async function findItemVideoWork(db: Conn, mediaId: number): Promise<number | null> {
  return (await db.select({ work: media.videoWork }).from(media).where(eq(media.id, mediaId)).get())?.work ?? null;
}

/** The work a member queued in the last 24 hours (MAX_VIDEO_WORK_PER_DAY). */
export async function videoWorkToday(db: Conn, userId: number, now = Date.now()): Promise<number> {
  const row = await db.select({ n: sql<number>`coalesce(sum(${videoWorkLog.work}), 0)` }).from(videoWorkLog)
    .where(and(eq(videoWorkLog.userId, userId), gt(videoWorkLog.createdAt, now - DAY_MS))).get();
  return Number(row?.n ?? 0);
}

/** Records queued work; the member's entries older than a day go (the ledger stays one day long). */
export async function recordVideoWork(tx: Tx, userId: number, work: number, now = Date.now()) {
  await tx.delete(videoWorkLog).where(and(eq(videoWorkLog.userId, userId), lt(videoWorkLog.createdAt, now - DAY_MS)));
  await tx.insert(videoWorkLog).values({ userId, work, createdAt: now });
}
