/**
 * What the fediverse hears of items and members (issue 40 point 3 and 6), decided by jobs that read
 * the row as it is when they run. Triggers of migration 0028 queue them on every change that matters,
 * so no writer has to remember to, and no request delivers anything:
 * - `federation.item`: a public item never sent gets Create, a sent one Update; a sent one no longer
 *   public (hidden, rejected, its owner banned or gone from the fediverse) gets Delete and answers 410.
 * - `federation.item_deleted`: a sent item deleted gets Delete.
 * - `federation.actor_left`: a member banned or opted out: Delete of the actor to the servers that followed.
 * Each sends to at most DELIVERY_BATCH distinct inboxes a run and queues the rest as the next job, so
 * 10,000 followers never make one long job; Fedify queues one delivery per inbox (shared inboxes first).
 */
import { Activity, Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import type { Context } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { writeTx } from "../../db/client.ts";
import {
  claimMediaFederation,
  dropRemoteFollowers,
  findActorMember,
  findMediaFederatedAt,
  listFollowerInboxes,
} from "../../db/queries/federation.ts";
import { findItemById } from "../../db/queries/media.ts";
import type { Config } from "../config.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { Handlers, JobContext } from "../jobs/queue.ts";
import { isPublic } from "../media/visibility.ts";
import { contextFor, type FedContext } from "./federation.ts";
import { clearTombstone, markTombstone } from "./objects.ts";
import { noteUri, toNote } from "./post.ts";
import { blockedInboxFilter } from "./inbound_guard.ts";

export const ITEM_JOB = "federation.item";
export const ITEM_DELETED_JOB = "federation.item_deleted";
export const ACTOR_LEFT_JOB = "federation.actor_left";
/** Distinct inboxes one job run hands to Fedify; the rest go to the next run. */
export const DELIVERY_BATCH = 100;

type ContextOf = (db: Db, config: Config) => Context<FedContext>;

/** Sends `activity` from the member to their followers' inboxes, from `after` on; the cursor of the rest, or null. */
async function deliverBatch(ctx: Context<FedContext>, userId: number, activity: Activity, after: string): Promise<string | null> {
  const rows = await listFollowerInboxes(ctx.data.db, userId, DELIVERY_BATCH + 1, after);
  const batch = rows.slice(0, DELIVERY_BATCH);
  // Nothing goes to a blocked server (issue 40 point 5), whatever follow rows a block has not yet removed.
  const blocked = await blockedInboxFilter(ctx.data.db);
  const open = batch.filter((r) => !blocked(r.inbox));
  if (open.length) {
    await ctx.sendActivity(
      { identifier: String(userId) },
      open.map((r) => ({ id: new URL(r.inbox), inboxId: new URL(r.inbox), endpoints: null })),
      activity,
      { preferSharedInbox: true, excludeBaseUris: [new URL(ctx.data.config.siteUrl)], fanout: "skip" },
    );
  }
  return rows.length > DELIVERY_BATCH ? batch[batch.length - 1].inbox : null;
}

/** A job's payload carries the activity (JSON-LD) and the cursor once its first batch is out; later runs send the same activity. */
async function runDelivery(
  ctx: Context<FedContext>,
  job: JobContext,
  userId: number,
  make: () => Promise<Activity | null>,
): Promise<boolean> {
  const p = job.payload as { activity?: unknown; after?: string };
  const activity = p.activity
    ? await Activity.fromJsonLd(p.activity, { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader })
    : await make();
  if (!activity) return false;
  const next = await deliverBatch(ctx, userId, activity, p.after ?? "");
  if (next !== null) {
    await enqueueJob(job.db, job.config, {
      kind: job.job.kind,
      payload: { ...p, activity: await activity.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader }), after: next },
    });
  }
  return next !== null;
}

const now = () => Temporal.Instant.fromEpochMilliseconds(Date.now());

async function itemJob(contextOf: ContextOf, job: JobContext) {
  if (!job.config.federation.enabled) return;
  const ctx = contextOf(job.db, job.config);
  const mediaId = Number(job.payload.mediaId);
  const row = await findItemById(job.db, mediaId);
  if (!row) return;
  const owner = await findActorMember(job.db, row.userId);
  if (!owner) return;
  const sentAt = await findMediaFederatedAt(job.db, mediaId);
  const uri = noteUri(ctx, mediaId);
  const actor = ctx.getActorUri(String(row.userId));
  const followers = ctx.getFollowersUri(String(row.userId));
  const shareable = isPublic(row) && !owner.banned && owner.federated;
  await runDelivery(ctx, job, row.userId, async () => {
    if (shareable && !sentAt) {
      const at = Date.now();
      if (!(await claimMediaFederation(job.db, mediaId, at))) return null;
      await clearTombstone(job.db, uri);
      const note = toNote(ctx, row);
      return new Create({
        id: new URL(`${uri.href}#create/${at}`),
        actor,
        object: note,
        published: note.published,
        to: PUBLIC_COLLECTION,
        cc: followers,
      });
    }
    if (shareable && sentAt) {
      return new Update({
        id: new URL(`${uri.href}#update/${Date.now()}`),
        actor,
        object: toNote(ctx, row),
        updated: now(),
        to: PUBLIC_COLLECTION,
        cc: followers,
      });
    }
    if (!shareable && sentAt) {
      if (!(await claimMediaFederation(job.db, mediaId, null))) return null;
      await markTombstone(job.db, uri);
      return deleteOf(uri, actor, followers);
    }
    return null;
  });
}

const deleteOf = (uri: URL, actor: URL, followers: URL) =>
  new Delete({
    id: new URL(`${uri.href}#delete/${Date.now()}`),
    actor,
    object: new Tombstone({ id: uri, deleted: now() }),
    to: PUBLIC_COLLECTION,
    cc: followers,
  });

async function itemDeletedJob(contextOf: ContextOf, job: JobContext) {
  if (!job.config.federation.enabled) return;
  const ctx = contextOf(job.db, job.config);
  const userId = Number(job.payload.userId);
  // An account deleted with its items: its keys went with it, and the actor's own Delete told the servers.
  if (!(await findActorMember(job.db, userId))) return;
  const uri = ctx.getObjectUri(Note, { id: String(job.payload.mediaId) });
  await runDelivery(ctx, job, userId, async () => {
    await markTombstone(job.db, uri);
    return deleteOf(uri, ctx.getActorUri(String(userId)), ctx.getFollowersUri(String(userId)));
  });
}

async function actorLeftJob(contextOf: ContextOf, job: JobContext) {
  if (!job.config.federation.enabled) return;
  const ctx = contextOf(job.db, job.config);
  const userId = Number(job.payload.userId);
  const member = await findActorMember(job.db, userId);
  if (!member || (!member.banned && member.federated)) return;
  const more = await runDelivery(ctx, job, userId, () => Promise.resolve(actorDelete(ctx, userId)));
  // The last batch handed over: the servers were told; the follows go, so a return starts from none.
  if (!more) await writeTx(job.db, (tx) => dropRemoteFollowers(tx, userId));
}

/** Delete of the member's actor: the servers drop the account and everything of it. */
export function actorDelete(ctx: Context<FedContext>, userId: number) {
  const actor = ctx.getActorUri(String(userId));
  return new Delete({
    id: new URL(`${actor.href}#delete/${Date.now()}`),
    actor,
    object: actor,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(userId)),
  });
}

export function publishHandlers(contextOf: ContextOf): Handlers {
  return {
    [ITEM_JOB]: { run: (job) => itemJob(contextOf, job) },
    [ITEM_DELETED_JOB]: { run: (job) => itemDeletedJob(contextOf, job) },
    [ACTOR_LEFT_JOB]: { run: (job) => actorLeftJob(contextOf, job) },
  };
}

/** A member left the fediverse (PATCH /api/user, point 6): the servers that followed hear the actor is gone. */
export async function queueActorLeft(db: Db, config: Config, userId: number) {
  if (config.federation.enabled) await enqueueJob(db, config, { kind: ACTOR_LEFT_JOB, payload: { userId } });
}

/**
 * An account about to be deleted: Delete of its actor is handed to Fedify's queue now, signed while
 * its keys still exist (they go with the account). Only queued here: the deliveries run as jobs.
 */
export async function announceAccountDeletion(db: Db, config: Config, userId: number) {
  if (!config.federation.enabled) return;
  const member = await findActorMember(db, userId);
  if (!member || !member.remoteFollowerCount || member.banned || !member.federated) return;
  const ctx = contextFor(db, config);
  const activity = actorDelete(ctx, userId);
  for (let after: string | null = ""; after !== null;) after = await deliverBatch(ctx, userId, activity, after);
}
