/**
 * A member's comment on a federated item, sent as a Note replying to it (issue 40 point 4, decision 042): from the
 * commenter's actor, to the item owner's followers (their inboxes, DELIVERY_BATCH a run, like the item's own
 * deliveries) and to the remote author it answers, when it starts with that author's `@name@host` (our comments are
 * flat: the address is how a member answers one). Only a shown comment by a federated member in good standing, on a
 * public item that was sent out (media.federated_at), ever leaves; nothing goes to a blocked server.
 */
import { type Activity, Create, Delete, Mention, Note, PUBLIC_COLLECTION, Tombstone } from "@fedify/vocab";
import type { Context } from "@fedify/fedify";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { comments, media, remoteActors } from "../../db/schema/mod.ts";
import { findActorMember, listFollowerInboxes } from "../../db/queries/federation.ts";
import { itemSentAt } from "../../db/queries/federation_profile.ts";
import { findItemById } from "../../db/queries/media.ts";
import type { Config } from "../config.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { Handlers, JobContext } from "../jobs/queue.ts";
import { isPublic } from "../media/visibility.ts";
import type { FedContext } from "./federation.ts";
import { escapeHtml, textToHtml } from "./html.ts";
import { blockedInboxFilter } from "./inbound_guard.ts";
import { noteUri } from "./post.ts";

export const COMMENT_JOB = "federation.comment";
export const COMMENT_DELETED_JOB = "federation.comment_deleted";
const BATCH = 100;

/** Queues the sending of a member's new comment (the job decides whether it may leave). */
export async function queueCommentDelivery(db: Db, config: Config, commentId: number) {
  if (!config.federation.enabled) return;
  await enqueueJob(db, config, { kind: COMMENT_JOB, payload: { commentId } });
}

/** What a withdrawal needs once the row is gone: who wrote it, on whose item, and its start (the author it answered). */
export type SentComment = { id: number; mediaId: number; userId: number | null; status: string; content: string };

/**
 * A member's comment deleted (by its writer, the item's owner or an admin): Delete of its Note goes where the Note went.
 * Only one that could have left: by a member, not held, on an item that was sent out.
 */
export async function queueCommentWithdrawal(db: Db, config: Config, c: SentComment) {
  if (!config.federation.enabled || c.userId === null || c.status === "held") return;
  const item = await db.select({ ownerId: media.userId, sentAt: media.federatedAt }).from(media).where(eq(media.id, c.mediaId)).get();
  if (!item?.sentAt) return;
  await enqueueJob(db, config, {
    kind: COMMENT_DELETED_JOB,
    payload: { commentId: c.id, mediaId: c.mediaId, userId: c.userId, ownerId: item.ownerId, content: c.content.slice(0, 330) },
  });
}

/** The comment's own address: the item's page, at the comment. */
export const commentUri = (siteUrl: string, mediaId: number, commentId: number) =>
  new URL(`/media/${mediaId}#comment-${commentId}`, siteUrl);

/** The remote author a comment answers: the stored commenter on this item whose `@name@host` starts it. */
async function answered(db: Db, mediaId: number, content: string) {
  if (!content.startsWith("@")) return null;
  const end = [...content.slice(1, 320)].findIndex((ch) => ch === " " || ch === "\n" || ch === ",");
  const handle = content.slice(1, end < 0 ? 321 : end + 1);
  if (!handle.includes("@")) return null;
  return await db.select({
    id: remoteActors.id,
    uri: remoteActors.uri,
    inbox: remoteActors.inbox,
    handle: remoteActors.handle,
    note: comments.apId,
  })
    .from(comments).innerJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId))
    .where(and(eq(comments.mediaId, mediaId), eq(remoteActors.handle, handle))).orderBy(comments.createdAt).limit(1).get() ?? null;
}

async function commentJob(contextOf: (db: Db, config: Config) => Context<FedContext>, job: JobContext) {
  if (!job.config.federation.enabled) return;
  const db = job.db;
  const p = job.payload as { commentId: number; after?: string; noOwnerFollowers?: boolean };
  const row = await db.select({
    id: comments.id,
    mediaId: comments.mediaId,
    userId: comments.userId,
    content: comments.content,
    status: comments.status,
    createdAt: comments.createdAt,
    ownerId: media.userId,
  })
    .from(comments).innerJoin(media, eq(media.id, comments.mediaId)).where(eq(comments.id, Number(p.commentId))).get();
  if (!row || row.userId === null || row.status !== "shown") return;
  const [writer, item, sentAt] = await Promise.all([
    findActorMember(db, row.userId),
    findItemById(db, row.mediaId),
    itemSentAt(db, row.mediaId),
  ]);
  if (!writer || writer.banned || !writer.federated || !item || !isPublic(item) || !sentAt) return;
  const ctx = contextOf(db, job.config);
  const actor = ctx.getActorUri(String(row.userId));
  const ownerFollowers = ctx.getFollowersUri(String(row.ownerId));
  const author = await answered(db, row.mediaId, row.content);
  const mention = author
    ? `<span class="h-card"><a href="${escapeHtml(author.uri)}" class="u-url mention">@${escapeHtml(author.handle)}</a></span> `
    : "";
  const text = author ? row.content.slice(author.handle.length + 1).trimStart() : row.content;
  const id = commentUri(job.config.siteUrl, row.mediaId, row.id);
  const note = new Note({
    id,
    attribution: actor,
    to: PUBLIC_COLLECTION,
    ccs: author ? [ownerFollowers, new URL(author.uri)] : [ownerFollowers],
    replyTarget: author?.note ? new URL(author.note) : noteUri(ctx, row.mediaId),
    published: Temporal.Instant.fromEpochMilliseconds(row.createdAt),
    url: id,
    content: `${mention}${textToHtml(text)}`,
    tags: author ? [new Mention({ href: new URL(author.uri), name: `@${author.handle}` })] : [],
  });
  const create = new Create({ id: new URL(`${id.href}/create`), actor, object: note, to: PUBLIC_COLLECTION, ccs: note.ccIds });
  await sendAround(ctx, job, { ...p, commentId: row.id }, row.userId, row.ownerId, author?.inbox ?? null, create);
}

/**
 * Hands `activity` from the writer to the owner's followers, BATCH inboxes a run (the rest queued as the same job with a
 * cursor), and in the first run to the remote author answered; never to a blocked server.
 */
async function sendAround(
  ctx: Context<FedContext>,
  job: JobContext,
  payload: Record<string, unknown> & { after?: string },
  writerId: number,
  ownerId: number,
  authorInbox: string | null,
  activity: Activity,
) {
  const db = job.db;
  const blocked = await blockedInboxFilter(db);
  const after = payload.after ?? "";
  const rows = await listFollowerInboxes(db, ownerId, BATCH + 1, after);
  const inboxes = rows.slice(0, BATCH).map((r) => r.inbox);
  // The answered author hears of it in the first run, whether or not they follow the owner.
  if (authorInbox && after === "") inboxes.push(authorInbox);
  const to = [...new Set(inboxes)].filter((u) => !blocked(u)).map((u) => ({ id: new URL(u), inboxId: new URL(u), endpoints: null }));
  if (to.length) {
    await ctx.sendActivity({ identifier: String(writerId) }, to, activity, {
      preferSharedInbox: true,
      excludeBaseUris: [new URL(job.config.siteUrl)],
      fanout: "skip",
    });
  }
  if (rows.length > BATCH) {
    await enqueueJob(db, job.config, { kind: job.job.kind, payload: { ...payload, after: rows[BATCH - 1].inbox } });
  }
}

/** Delete of a sent comment's Note, from its writer (while the writer still has an actor to sign with). */
async function commentDeletedJob(contextOf: (db: Db, config: Config) => Context<FedContext>, job: JobContext) {
  if (!job.config.federation.enabled) return;
  const p = job.payload as { commentId: number; mediaId: number; userId: number; ownerId: number; content: string; after?: string };
  const writer = await findActorMember(job.db, Number(p.userId));
  // Banned or gone from the fediverse: the Delete of the whole actor went out instead.
  if (!writer || writer.banned || !writer.federated) return;
  const ctx = contextOf(job.db, job.config);
  const actor = ctx.getActorUri(String(p.userId));
  const id = commentUri(job.config.siteUrl, Number(p.mediaId), Number(p.commentId));
  const author = await answered(job.db, Number(p.mediaId), String(p.content));
  const del = new Delete({
    id: new URL(`${id.href}/delete`),
    actor,
    object: new Tombstone({ id, deleted: Temporal.Instant.fromEpochMilliseconds(Date.now()) }),
    to: PUBLIC_COLLECTION,
    ccs: author ? [ctx.getFollowersUri(String(p.ownerId)), new URL(author.uri)] : [ctx.getFollowersUri(String(p.ownerId))],
  });
  await sendAround(ctx, job, p, Number(p.userId), Number(p.ownerId), author?.inbox ?? null, del);
}

export const commentHandlers = (contextOf: (db: Db, config: Config) => Context<FedContext>): Handlers => ({
  [COMMENT_JOB]: { run: (job) => commentJob(contextOf, job) },
  [COMMENT_DELETED_JOB]: { run: (job) => commentDeletedJob(contextOf, job) },
});
