/**
 * ActivityPub's rows (issue 40, lib/federation/): actors' key pairs, remote actors and the remote
 * follows of members. Counts on users (remote_follower_count) move in the transaction of the row.
 */
import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { actorKeys, media, remoteActors, remoteFollows, users } from "../schema/mod.ts";

type Conn = Db | Tx;

export type ActorKeyRow = typeof actorKeys.$inferSelect;
export type RemoteActorRow = typeof remoteActors.$inferSelect;

/** The key pairs of a member (`userId`) or of the instance actor (null), RSA first. */
export function listActorKeys(db: Conn, userId: number | null): Promise<ActorKeyRow[]> {
  return db.select().from(actorKeys).where(userId === null ? isNull(actorKeys.userId) : eq(actorKeys.userId, userId))
    .orderBy(asc(actorKeys.id)).all();
}

/** Keeps a pair made now unless another process made one first (the unique index): the first one stays. */
export async function insertActorKey(db: Conn, row: typeof actorKeys.$inferInsert) {
  await db.insert(actorKeys).values(row).onConflictDoNothing();
}

/** A member as an actor: who they are, and whether they may be one (banned, opted out). */
export function findActorMember(db: Conn, id: number) {
  return db.select({
    id: users.id,
    username: users.username,
    about: users.about,
    banned: users.banned,
    federated: users.federated,
    createdAt: users.createdAt,
    followerCount: users.followerCount,
    followingCount: users.followingCount,
    remoteFollowerCount: users.remoteFollowerCount,
  }).from(users).where(eq(users.id, id)).get();
}

export type ActorMember = NonNullable<Awaited<ReturnType<typeof findActorMember>>>;

/** WebFinger: a username (any case) to the member's id. */
export async function findMemberIdByUsername(db: Conn, username: string): Promise<number | undefined> {
  const row = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
  return row?.id;
}

/** Inserts or refreshes a remote actor by its URI; returns its row id. */
export async function upsertRemoteActor(
  db: Conn,
  a: { uri: string; handle: string; domain: string; name: string | null; url: string | null; inbox: string; sharedInbox: string | null },
  now = Date.now(),
): Promise<number> {
  const [row] = await db.insert(remoteActors).values({ ...a, fetchedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: remoteActors.uri,
      set: { handle: a.handle, domain: a.domain, name: a.name, url: a.url, inbox: a.inbox, sharedInbox: a.sharedInbox, fetchedAt: now },
    }).returning({ id: remoteActors.id });
  return row.id;
}

export function findRemoteActorByUri(db: Conn, uri: string): Promise<RemoteActorRow | undefined> {
  return db.select().from(remoteActors).where(eq(remoteActors.uri, uri)).get();
}

/** Adds the follow (true) or finds it there already (false); the member's count moves with a new row. */
export async function addRemoteFollow(tx: Tx, remoteActorId: number, userId: number, activityId: string | null, now = Date.now()) {
  const rows = await tx.insert(remoteFollows).values({ remoteActorId, userId, activityId, createdAt: now }).onConflictDoUpdate({
    target: [remoteFollows.remoteActorId, remoteFollows.userId],
    set: { activityId },
  }).returning({ createdAt: remoteFollows.createdAt });
  const added = rows[0]?.createdAt === now;
  if (added) {
    await tx.update(users).set({ remoteFollowerCount: sql`${users.remoteFollowerCount} + 1` }).where(eq(users.id, userId));
  }
  return added;
}

/** Removes the follow; true when there was one. */
export async function removeRemoteFollow(tx: Tx, remoteActorId: number, userId: number): Promise<boolean> {
  const rows = await tx.delete(remoteFollows)
    .where(and(eq(remoteFollows.remoteActorId, remoteActorId), eq(remoteFollows.userId, userId)))
    .returning({ userId: remoteFollows.userId });
  if (rows.length) {
    await tx.update(users).set({ remoteFollowerCount: sql`max(${users.remoteFollowerCount} - 1, 0)` }).where(eq(users.id, userId));
  }
  return rows.length > 0;
}

/** One page of a member's remote followers in follow order, after the cursor `(createdAt, remoteActorId)`. */
export function listRemoteFollowers(db: Conn, userId: number, limit: number, after?: { createdAt: number; id: number }) {
  return db.select({
    id: remoteActors.id,
    uri: remoteActors.uri,
    inbox: remoteActors.inbox,
    sharedInbox: remoteActors.sharedInbox,
    createdAt: remoteFollows.createdAt,
  }).from(remoteFollows).innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(
      eq(remoteFollows.userId, userId),
      sql`${remoteActors.bannedAt} IS NULL`,
      after ? sql`(${remoteFollows.createdAt}, ${remoteFollows.remoteActorId}) > (${after.createdAt}, ${after.id})` : undefined,
    ))
    .orderBy(asc(remoteFollows.createdAt), asc(remoteFollows.remoteActorId)).limit(limit).all();
}

/** The distinct inboxes of a member's remote followers (the shared one where a server has it), after `after`, at most `limit`. */
export function listFollowerInboxes(db: Conn, userId: number, limit: number, after = "") {
  const inbox = sql<string>`coalesce(${remoteActors.sharedInbox}, ${remoteActors.inbox})`;
  return db.selectDistinct({ inbox }).from(remoteFollows).innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(eq(remoteFollows.userId, userId), sql`${remoteActors.bannedAt} IS NULL`, sql`${inbox} > ${after}`))
    .orderBy(inbox).limit(limit).all();
}

/** NodeInfo's usage: members in good standing, and public items. */
export async function countLocalUsage(db: Conn): Promise<{ users: number; posts: number }> {
  const [u, p] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.banned, false)).get(),
    db.select({ n: count() }).from(media).where(and(eq(media.reviewStatus, "approved"), eq(media.hidden, false), eq(media.playable, true)))
      .get(),
  ]);
  return { users: u?.n ?? 0, posts: p?.n ?? 0 };
}

/** Stamps an item as sent (a Create went out), or clears it (a Delete did). */
/**
 * Stamps an item as sent when it was not (true: this caller sends the Create; two jobs racing send one),
 * or clears the stamp when it was (true: this caller sends the Delete).
 */
export async function claimMediaFederation(db: Conn, mediaId: number, at: number | null): Promise<boolean> {
  const rows = await db.update(media).set({ federatedAt: at })
    .where(and(eq(media.id, mediaId), at === null ? isNotNull(media.federatedAt) : isNull(media.federatedAt)))
    .returning({ id: media.id });
  return rows.length > 0;
}

export async function findMediaFederatedAt(db: Conn, mediaId: number): Promise<number | null | undefined> {
  const row = await db.select({ at: media.federatedAt }).from(media).where(eq(media.id, mediaId)).get();
  return row ? row.at : undefined;
}

/** A member who left the fediverse or was banned: their remote followers go (the servers were told the actor is gone). */
export async function dropRemoteFollowers(tx: Tx, userId: number) {
  await tx.delete(remoteFollows).where(eq(remoteFollows.userId, userId));
  await tx.update(users).set({ remoteFollowerCount: 0 }).where(eq(users.id, userId));
  await tx.update(media).set({ federatedAt: null }).where(and(eq(media.userId, userId), isNotNull(media.federatedAt)));
}

export async function isFederated(db: Conn, userId: number): Promise<boolean> {
  const row = await db.select({ on: users.federated }).from(users).where(eq(users.id, userId)).get();
  return row?.on ?? false;
}

/** Sets the member's choice; whether it changed, and their remote followers' count then. */
export async function setFederated(tx: Tx, userId: number, on: boolean) {
  const [row] = await tx.select({ on: users.federated, n: users.remoteFollowerCount }).from(users).where(eq(users.id, userId));
  if (!row || row.on === on) return { changed: false, remoteFollowers: row?.n ?? 0 };
  await tx.update(users).set({ federated: on }).where(eq(users.id, userId));
  return { changed: true, remoteFollowers: row.n };
}
