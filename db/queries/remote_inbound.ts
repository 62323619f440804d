/**
 * What remote actors leave here (issue 40 point 4, decision 042): replies as comments, likes counted in media.likes,
 * and their removal, one actor's or a whole server's, with every kept count moved in the same transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { comments, media, postReports, remoteActors, remoteFollows, remoteLikes, reports, users } from "../schema/mod.ts";

type Conn = Db | Tx;

/** A remote comment by its Note's id: which item, who wrote it and whether it shows. */
export function findRemoteComment(db: Conn, apId: string) {
  return db.select({ id: comments.id, mediaId: comments.mediaId, remoteActorId: comments.remoteActorId, status: comments.status })
    .from(comments).where(eq(comments.apId, apId)).get();
}

/** The item a comment (by its id here) belongs to, for a Note replying to a comment. */
export function commentItem(db: Conn, commentId: number) {
  return db.select({ mediaId: comments.mediaId }).from(comments).where(eq(comments.id, commentId)).get();
}

/** Changes a remote comment's text (its Update); a held one stays held, and a new watched word holds a shown one. */
export async function editRemoteComment(tx: Tx, id: number, content: string, heldReason: string | null) {
  const [before] = await tx.select({ status: comments.status, mediaId: comments.mediaId }).from(comments).where(eq(comments.id, id));
  if (!before) return;
  const hold = heldReason !== null && before.status === "shown";
  await tx.update(comments).set(hold ? { content, status: "held", heldReason } : { content }).where(eq(comments.id, id));
  if (hold) await tx.update(media).set({ commentCount: sql`max(${media.commentCount} - 1, 0)` }).where(eq(media.id, before.mediaId));
}

/** Adds a remote like once per actor and item; whether it was new. */
export async function addRemoteLike(tx: Tx, mediaId: number, remoteActorId: number, apId: string | null, at: number): Promise<boolean> {
  const added = await tx.insert(remoteLikes).values({ mediaId, remoteActorId, apId, createdAt: at }).onConflictDoNothing()
    .returning({ mediaId: remoteLikes.mediaId });
  if (added.length) await tx.update(media).set({ likes: sql`${media.likes} + 1` }).where(eq(media.id, mediaId));
  return added.length > 0;
}

/** Removes a remote like; whether there was one. */
export async function removeRemoteLike(tx: Tx, mediaId: number, remoteActorId: number): Promise<boolean> {
  const gone = await tx.delete(remoteLikes).where(and(eq(remoteLikes.mediaId, mediaId), eq(remoteLikes.remoteActorId, remoteActorId)))
    .returning({ mediaId: remoteLikes.mediaId });
  if (gone.length) await tx.update(media).set({ likes: sql`max(${media.likes} - 1, 0)` }).where(eq(media.id, mediaId));
  return gone.length > 0;
}

/** A Flag of an item: a report like a visitor's (never counted toward hiding) naming its remote reporter. */
export async function insertRemoteItemReport(tx: Tx, mediaId: number, remoteActorId: number, details: string | null) {
  const [r] = await tx.insert(reports).values({
    mediaId,
    userId: null,
    remoteActorId,
    reporterKey: `r:${remoteActorId}`,
    reason: "other",
    details,
  }).onConflictDoNothing().returning({ id: reports.id });
  return r?.id ?? null;
}

/** A Flag of a comment: a post report like a visitor's, naming its remote reporter. */
export async function insertRemoteCommentReport(tx: Tx, commentId: number, remoteActorId: number, details: string | null) {
  const [r] = await tx.insert(postReports).values({
    commentId,
    userId: null,
    remoteActorId,
    reporterKey: `r:${remoteActorId}`,
    reason: "other",
    details,
  }).onConflictDoNothing().returning({ id: postReports.id });
  return r?.id ?? null;
}

/** The remote actors a condition picks, as a subquery: one actor, or every actor of a server and its subdomains. */
export type ActorSet = { actorId: number } | { domain: string };

function actorIds(set: ActorSet) {
  if ("actorId" in set) return sql`(${set.actorId})`;
  const d = set.domain;
  // remote_actors.domain may carry a port; a block names the hostname and covers subdomains. Domains hold no LIKE wildcards.
  return sql`(SELECT id FROM remote_actors WHERE domain = ${d} OR domain LIKE ${d + ":%"} OR domain LIKE ${"%." + d}
    OR domain LIKE ${"%." + d + ":%"})`;
}

/**
 * Removes what these actors left: their follows (members' remote follower counts moved), likes (items' likes
 * moved) and comments (items' comment counts moved). Their reports stay, naming them, for the admins to decide.
 */
export async function purgeRemoteActors(tx: Tx, set: ActorSet) {
  const ids = actorIds(set);
  await tx.run(sql`UPDATE users SET remote_follower_count = max(remote_follower_count -
      (SELECT count(*) FROM remote_follows f WHERE f.user_id = users.id AND f.remote_actor_id IN ${ids}), 0)
    WHERE id IN (SELECT user_id FROM remote_follows WHERE remote_actor_id IN ${ids})`);
  const follows = await tx.all<{ n: number }>(sql`DELETE FROM remote_follows WHERE remote_actor_id IN ${ids} RETURNING 1 AS n`);
  await tx.run(sql`UPDATE media SET likes = max(likes -
      (SELECT count(*) FROM remote_likes l WHERE l.media_id = media.id AND l.remote_actor_id IN ${ids}), 0)
    WHERE id IN (SELECT media_id FROM remote_likes WHERE remote_actor_id IN ${ids})`);
  const likes = await tx.all<{ n: number }>(sql`DELETE FROM remote_likes WHERE remote_actor_id IN ${ids} RETURNING 1 AS n`);
  await tx.run(sql`UPDATE media SET comment_count = max(comment_count -
      (SELECT count(*) FROM comments c WHERE c.media_id = media.id AND c.status = 'shown' AND c.remote_actor_id IN ${ids}), 0)
    WHERE id IN (SELECT media_id FROM comments WHERE remote_actor_id IN ${ids})`);
  const gone = await tx.all<{ n: number }>(sql`DELETE FROM comments WHERE remote_actor_id IN ${ids} RETURNING 1 AS n`);
  return { follows: follows.length, likes: likes.length, comments: gone.length };
}

/** A remote actor by id, for the admin's ban. */
export function findRemoteActor(db: Conn, id: number) {
  return db.select({ id: remoteActors.id, handle: remoteActors.handle, domain: remoteActors.domain, bannedAt: remoteActors.bannedAt })
    .from(remoteActors).where(eq(remoteActors.id, id)).get();
}

/**
 * Bans or lifts a remote actor's ban. A ban hides their shown comments (held_reason 'ban', the items' counts moved)
 * and lifting it shows those again, and only those.
 */
export async function setRemoteActorBan(tx: Tx, id: number, bannedAt: number | null): Promise<number> {
  await tx.update(remoteActors).set({ bannedAt }).where(eq(remoteActors.id, id));
  const [from, to, delta] = bannedAt === null ? ["hidden", "shown", 1] : ["shown", "hidden", -1];
  const moved = await tx.all<{ mediaId: number }>(sql`UPDATE comments SET status = ${to}, held_reason = ${bannedAt === null ? null : "ban"}
    WHERE remote_actor_id = ${id} AND status = ${from} ${bannedAt === null ? sql`AND held_reason = 'ban'` : sql``}
    RETURNING media_id AS mediaId`);
  const perItem = new Map<number, number>();
  for (const m of moved) perItem.set(Number(m.mediaId), (perItem.get(Number(m.mediaId)) ?? 0) + 1);
  for (const [mediaId, n] of perItem) {
    await tx.update(media).set({ commentCount: sql`max(${media.commentCount} + ${delta * n}, 0)` }).where(eq(media.id, mediaId));
  }
  return moved.length;
}

/** Stores a remote actor's reply; null when its Note was stored before (a second delivery). Counts as insertComment does. */
export async function insertRemoteComment(
  tx: Tx,
  row: { mediaId: number; remoteActorId: number; apId: string; username: string; content: string; heldReason: string | null; at: number },
) {
  const status = row.heldReason ? "held" : "shown";
  const [c] = await tx.insert(comments).values({
    mediaId: row.mediaId,
    userId: null,
    username: row.username,
    content: row.content,
    status,
    heldReason: row.heldReason,
    remoteActorId: row.remoteActorId,
    apId: row.apId,
    createdAt: row.at,
  }).onConflictDoNothing().returning({ id: comments.id });
  if (c && status === "shown") {
    await tx.update(media).set({ commentCount: sql`${media.commentCount} + 1` }).where(eq(media.id, row.mediaId));
  }
  return c ?? null;
}

/** Ends a remote actor's follow of a member (the member's remote follower count moved); whether there was one. */
export async function removeRemoteFollowOf(tx: Tx, remoteActorId: number, userId: number): Promise<boolean> {
  const gone = await tx.delete(remoteFollows).where(and(eq(remoteFollows.remoteActorId, remoteActorId), eq(remoteFollows.userId, userId)))
    .returning({ userId: remoteFollows.userId });
  if (gone.length) {
    await tx.update(users).set({ remoteFollowerCount: sql`max(${users.remoteFollowerCount} - 1, 0)` }).where(eq(users.id, userId));
  }
  return gone.length > 0;
}

/** A remote actor gone from its server (its Delete): what it left goes, then its row (its reports then name no one). */
export async function deleteRemoteActor(tx: Tx, id: number) {
  const removed = await purgeRemoteActors(tx, { actorId: id });
  await tx.delete(remoteActors).where(eq(remoteActors.id, id));
  return removed;
}
