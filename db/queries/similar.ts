/** Perceptual hashes, their blocklist and what a look-alike shows (issue 25; lib/media/similar.ts). */
import { and, asc, eq, gt, inArray, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { auditLog, hashBlocklist, jobs, media, mediaHashes, users } from "../schema/mod.ts";
import { alias } from "drizzle-orm/sqlite-core";

type Conn = Db | Tx;

/** Every hash of one algorithm, in id order: what the kept index loads. */
export function listAllHashes(db: Conn, algo: string, afterId: number) {
  return db.select({ id: mediaHashes.id, mediaId: mediaHashes.mediaId, hash: mediaHashes.hash }).from(mediaHashes)
    .where(and(eq(mediaHashes.algo, algo), gt(mediaHashes.id, afterId))).orderBy(asc(mediaHashes.id)).all();
}

export async function insertHashes(db: Conn, mediaId: number, algo: string, hashes: string[]) {
  if (!hashes.length) return;
  await db.insert(mediaHashes).values(hashes.map((hash, frame) => ({ mediaId, frame, algo, hash })));
}

export async function deleteHashesOf(db: Conn, mediaId: number) {
  await db.delete(mediaHashes).where(eq(mediaHashes.mediaId, mediaId));
}

/** A member deleted their account: their items' hashes go with them, as an owner's deletion of one item drops its own. */
export async function deleteHashesOfUser(tx: Conn, userId: number) {
  await tx.delete(mediaHashes).where(inArray(mediaHashes.mediaId, tx.select({ id: media.id }).from(media).where(eq(media.userId, userId))));
}

/** An admin deleted the item: its hashes stay to catch it coming back. */
export async function markHashesRemoved(db: Conn, mediaId: number) {
  await db.update(mediaHashes).set({ removedAt: Date.now() }).where(eq(mediaHashes.mediaId, mediaId));
}

export function hashesOf(db: Conn, mediaId: number) {
  return db.select({ hash: mediaHashes.hash, algo: mediaHashes.algo }).from(mediaHashes)
    .where(eq(mediaHashes.mediaId, mediaId)).orderBy(asc(mediaHashes.frame)).all();
}

/** Ids of items that have been deleted by an admin (their hashes marked removed). */
export async function removedIds(db: Conn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectDistinct({ id: mediaHashes.mediaId }).from(mediaHashes)
    .where(and(inArray(mediaHashes.mediaId, ids), sql`${mediaHashes.removedAt} is not null`)).all();
  return new Set(rows.map((r) => r.id));
}

/** What a look-alike shows beside a pending item: its thumbnail source, state and earlier decision (see lookAlikeDetails). */
export function lookAlikeRows(db: Conn, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({
    id: media.id,
    title: media.title,
    contentType: media.contentType,
    thumbnailKey: media.thumbnailKey,
    fileKey: media.fileKey,
    youtubeId: media.youtubeId,
    reviewStatus: media.reviewStatus,
    rejectionReason: media.rejectionReason,
    hidden: media.hidden,
  }).from(media).where(inArray(media.id, ids)).all();
}

export async function setMatchesRemoved(db: Conn, mediaId: number, removedId: number) {
  await db.update(media).set({ matchesRemovedId: removedId }).where(eq(media.id, mediaId));
}

export function listBlocklist(db: Conn, algo: string) {
  return db.select({ id: hashBlocklist.id, hash: hashBlocklist.hash, mediaId: hashBlocklist.mediaId, reason: hashBlocklist.reason })
    .from(hashBlocklist).where(eq(hashBlocklist.algo, algo)).all();
}

export async function insertBlocklist(
  db: Conn,
  rows: { algo: string; hash: string; mediaId: number; reason: string | null; createdBy: number }[],
) {
  if (rows.length) await db.insert(hashBlocklist).values(rows).onConflictDoNothing();
}

/** Items without any hash and no processing under way, after `afterId` (the background pass's next batch). */
export function itemsWithoutHashes(db: Conn, afterId: number, limit: number, kinds: string[]) {
  return db.select({ id: media.id, contentType: media.contentType, fileKey: media.fileKey }).from(media)
    .where(and(
      gt(media.id, afterId),
      inArray(media.contentType, kinds as ("image" | "video")[]),
      sql`${media.fileKey} is not null`,
      notExists(db.select({ one: sql`1` }).from(mediaHashes).where(eq(mediaHashes.mediaId, media.id))),
      // A video being processed is hashed by its own job (`video.process`, lib/media/process_job.ts); an image's queued
      // renditions job hashes nothing, so it must not hold the image back (the pass is queued only at start).
      notExists(
        db.select({ one: sql`1` }).from(jobs).where(
          and(eq(jobs.mediaId, media.id), eq(jobs.kind, "video.process"), inArray(jobs.state, ["queued", "running"])),
        ),
      ),
    )).orderBy(asc(media.id)).limit(limit).all();
}

/** Whether a job of this kind is waiting or running (the background pass is queued once). */
export async function hasOpenJobOfKind(db: Conn, kind: string): Promise<boolean> {
  const row = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kind), inArray(jobs.state, ["queued", "running"])))
    .limit(1).get();
  return !!row;
}

/** The hashes of several items, by item. */
export async function hashesOfMany(db: Conn, ids: number[], algo: string): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db.select({ mediaId: mediaHashes.mediaId, hash: mediaHashes.hash, algo: mediaHashes.algo }).from(mediaHashes)
    .where(inArray(mediaHashes.mediaId, ids)).orderBy(asc(mediaHashes.mediaId), asc(mediaHashes.frame)).all();
  for (const r of rows) if (r.algo === algo) out.set(r.mediaId, [...(out.get(r.mediaId) ?? []), r.hash]);
  return out;
}

/** Which of these items were held for a removed look-alike, and for which. */
export async function matchMarks(db: Conn, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: media.id, m: media.matchesRemovedId }).from(media)
    .where(and(inArray(media.id, ids), sql`${media.matchesRemovedId} is not null`)).all();
  return new Map(rows.map((r) => [r.id, r.m!]));
}

const reviewer = alias(users, "reviewer");

/** A look-alike as the Pending tab names it (issue 34 point 5): uploader, state, the decision and who took it. */
export function lookAlikeDetails(db: Conn, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({
    id: media.id,
    title: media.title,
    contentType: media.contentType,
    thumbnailKey: media.thumbnailKey,
    fileKey: media.fileKey,
    youtubeId: media.youtubeId,
    reviewStatus: media.reviewStatus,
    rejectionReason: media.rejectionReason,
    userId: media.userId,
    uploaderName: users.username,
    reviewedAt: media.reviewedAt,
    reviewedBy: media.reviewedBy,
    reviewerName: reviewer.username,
  }).from(media).innerJoin(users, eq(users.id, media.userId)).leftJoin(reviewer, eq(reviewer.id, media.reviewedBy))
    .where(inArray(media.id, ids)).all();
}

/**
 * What the log kept of items an admin deleted (content.delete: title, uploader, who and when), for
 * look-alikes whose row is gone (audit_target, migration 0020).
 */
export function removedItemRecords(db: Conn, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  const actor = alias(users, "actor");
  const subject = alias(users, "subject");
  return db.select({
    mediaId: auditLog.targetId,
    details: auditLog.details,
    createdAt: auditLog.createdAt,
    actorId: auditLog.actorId,
    actorName: actor.username,
    subjectId: auditLog.subjectId,
    subjectName: subject.username,
  }).from(auditLog).leftJoin(actor, eq(actor.id, auditLog.actorId)).leftJoin(subject, eq(subject.id, auditLog.subjectId))
    .where(and(eq(auditLog.targetType, "media"), inArray(auditLog.targetId, ids), eq(auditLog.action, "content.delete")))
    .orderBy(asc(auditLog.id)).all();
}
