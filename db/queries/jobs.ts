import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { jobs, media } from "../schema/mod.ts";

export type JobRow = typeof jobs.$inferSelect;
type Conn = Db | Tx;

export type NewJob = { kind: string; payload: unknown; mediaId?: number | null; maxAttempts: number; runAfter?: number };

export async function insertJob(db: Conn, job: NewJob, now = Date.now()): Promise<JobRow> {
  const [row] = await db.insert(jobs).values({
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? {}),
    mediaId: job.mediaId ?? null,
    maxAttempts: job.maxAttempts,
    runAfter: job.runAfter ?? now,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return row;
}

/**
 * Takes the next due job for `owner`: a queued job whose time has come, or a running one whose
 * lease ran out (its process died). One UPDATE whose WHERE picks the row, so two processes on
 * the same database can never both take it (the write lock serialises the statements, and the
 * second one's subquery no longer sees the row as free).
 */
export async function claimJob(tx: Tx, owner: string, leaseMs: number, kinds: string[], now = Date.now()): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const kindList = sql.join(kinds.map((k) => sql`${k}`), sql`, `);
  const [row] = await tx.update(jobs).set({
    state: "running",
    leaseOwner: owner,
    leaseUntil: now + leaseMs,
    attempts: sql`${jobs.attempts} + 1`,
    updatedAt: now,
  }).where(eq(
    jobs.id,
    sql`(SELECT id FROM jobs WHERE kind IN (${kindList}) AND ((state = 'queued' AND run_after <= ${now})
      OR (state = 'running' AND lease_until < ${now})) ORDER BY run_after, id LIMIT 1)`,
  )).returning();
  return row ?? null;
}

/** Whether any job of these kinds is due (a read: an idle runner polls without taking the write lock). */
export async function hasDueJob(db: Conn, kinds: string[], now = Date.now()): Promise<boolean> {
  if (kinds.length === 0) return false;
  const row = await db.select({ id: jobs.id }).from(jobs).where(and(
    inArray(jobs.kind, kinds),
    sql`((${jobs.state} = 'queued' AND ${jobs.runAfter} <= ${now}) OR (${jobs.state} = 'running' AND ${jobs.leaseUntil} < ${now}))`,
  )).limit(1).get();
  return !!row;
}

/** Extends a lease; false when the job is no longer this owner's (cancelled, or taken after expiry). */
export async function renewLease(db: Conn, id: number, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const rows = await db.update(jobs).set({ leaseUntil: now + leaseMs, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.state, "running"))).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Whether `owner` still holds the job's lease (checked inside the transaction that commits its result). */
export async function holdsLease(tx: Conn, id: number, owner: string): Promise<boolean> {
  const row = await tx.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.state, "running"))).get();
  return !!row;
}

export async function setJobProgress(db: Conn, id: number, owner: string, progress: number) {
  await db.update(jobs).set({ progress, updatedAt: Date.now() }).where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner)));
}

/** Records the keys a run is about to move into place, so a later run or a delete can remove them. */
export async function setJobOutputs(db: Conn, id: number, owner: string, keys: string[]): Promise<boolean> {
  const rows = await db.update(jobs).set({ outputs: JSON.stringify(keys), updatedAt: Date.now() })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.state, "running"))).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finishJob(tx: Conn, id: number, now = Date.now()) {
  await tx.update(jobs).set({
    state: "done",
    progress: 100,
    error: null,
    leaseOwner: null,
    leaseUntil: null,
    outputs: "[]",
    updatedAt: now,
  })
    .where(eq(jobs.id, id));
}

/** Back to the queue after `delayMs`, keeping the reason of this failure. */
export async function requeueJob(tx: Conn, id: number, error: string, delayMs: number, now = Date.now()) {
  await tx.update(jobs).set({ state: "queued", error, runAfter: now + delayMs, leaseOwner: null, leaseUntil: null, updatedAt: now })
    .where(eq(jobs.id, id));
}

export async function failJob(tx: Conn, id: number, error: string, now = Date.now()) {
  await tx.update(jobs).set({ state: "failed", error, leaseOwner: null, leaseUntil: null, updatedAt: now }).where(eq(jobs.id, id));
}

export function findJob(db: Conn, id: number): Promise<JobRow | undefined> {
  return db.select().from(jobs).where(eq(jobs.id, id)).get();
}

/** An item's newest job (the admin's retry and tests read it). */
export function findLatestJobOfMedia(db: Conn, mediaId: number): Promise<JobRow | undefined> {
  return db.select().from(jobs).where(eq(jobs.mediaId, mediaId)).orderBy(desc(jobs.id)).limit(1).get();
}

/** Whether an item has a job still to run (queued or running). */
export async function hasOpenJob(db: Conn, mediaId: number): Promise<boolean> {
  const row = await db.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.mediaId, mediaId), inArray(jobs.state, ["queued", "running"]))).limit(1).get();
  return !!row;
}

/** Keys that runs of these items' jobs were moving into place (a delete removes them too). */
export async function listJobOutputsOfMedia(tx: Conn, mediaIds: number[] | { userId: number }): Promise<string[]> {
  const where = Array.isArray(mediaIds)
    ? inArray(jobs.mediaId, mediaIds)
    : inArray(jobs.mediaId, tx.select({ id: media.id }).from(media).where(eq(media.userId, mediaIds.userId)));
  const rows = await tx.select({ outputs: jobs.outputs }).from(jobs).where(and(where, sql`${jobs.outputs} <> '[]'`));
  return rows.flatMap((r) => JSON.parse(r.outputs) as string[]);
}

/** Jobs by state, for the operator's view and tests. */
export async function countJobsByState(db: Conn): Promise<Record<string, number>> {
  const rows = await db.select({ state: jobs.state, n: sql<number>`count(*)` }).from(jobs).groupBy(jobs.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Hands a job back at once without counting the attempt (the process is shutting down). */
export async function releaseJob(tx: Conn, id: number, now = Date.now()) {
  await tx.update(jobs).set({
    state: "queued",
    runAfter: now,
    attempts: sql`max(${jobs.attempts} - 1, 0)`,
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: now,
  }).where(eq(jobs.id, id));
}

/** Removes a finished job's row (a federation task: its payload carries a signing key, kept no longer than the run). */
export async function deleteJob(tx: Conn, id: number) {
  await tx.delete(jobs).where(eq(jobs.id, id));
}

/** Queues many jobs in one statement (a fan-out of deliveries). */
export async function insertJobs(db: Conn, rows: NewJob[], now = Date.now()) {
  if (!rows.length) return;
  await db.insert(jobs).values(rows.map((job) => ({
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? {}),
    mediaId: job.mediaId ?? null,
    maxAttempts: job.maxAttempts,
    runAfter: job.runAfter ?? now,
    createdAt: now,
    updatedAt: now,
  })));
}
