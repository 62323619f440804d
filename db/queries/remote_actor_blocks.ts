/** A member's blocks and mutes of remote actors (issue 40 point 5, migration 0029): as for a member's, capped. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, remoteActorBlocks, remoteActors } from "../schema/mod.ts";

type Conn = Db | Tx;
export type RemoteBlockKind = "block" | "mute";

export async function countRemoteBlocks(db: Conn, userId: number, kind: RemoteBlockKind): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(remoteActorBlocks)
    .where(and(eq(remoteActorBlocks.userId, userId), eq(remoteActorBlocks.kind, kind))).get())?.n ?? 0;
}

/** Whether it was new. */
export async function addRemoteBlock(tx: Tx, userId: number, remoteActorId: number, kind: RemoteBlockKind): Promise<boolean> {
  const rows = await tx.insert(remoteActorBlocks).values({ userId, remoteActorId, kind }).onConflictDoNothing()
    .returning({ userId: remoteActorBlocks.userId });
  return rows.length > 0;
}

/** Whether there was one. */
export async function removeRemoteBlock(tx: Tx, userId: number, remoteActorId: number, kind: RemoteBlockKind): Promise<boolean> {
  const rows = await tx.delete(remoteActorBlocks).where(and(
    eq(remoteActorBlocks.userId, userId),
    eq(remoteActorBlocks.remoteActorId, remoteActorId),
    eq(remoteActorBlocks.kind, kind),
  )).returning({ userId: remoteActorBlocks.userId });
  return rows.length > 0;
}

/** A member's blocked and muted remote actors, with their handles (the /profile list). */
export function listRemoteBlocks(db: Conn, userId: number) {
  return db.select({ remoteActorId: remoteActorBlocks.remoteActorId, kind: remoteActorBlocks.kind, handle: remoteActors.handle })
    .from(remoteActorBlocks).innerJoin(remoteActors, eq(remoteActors.id, remoteActorBlocks.remoteActorId))
    .where(eq(remoteActorBlocks.userId, userId)).orderBy(remoteActors.handle).all();
}

/** Of these remote actors, those the member blocked or muted (their comments are not shown to the member). */
export async function hiddenRemoteActors(db: Conn, userId: number, actorIds: number[]): Promise<Set<number>> {
  if (!actorIds.length) return new Set();
  const rows = await db.select({ id: remoteActorBlocks.remoteActorId }).from(remoteActorBlocks)
    .where(and(eq(remoteActorBlocks.userId, userId), inArray(remoteActorBlocks.remoteActorId, actorIds))).all();
  return new Set(rows.map((r) => r.id));
}

/** Whether the owner of this item blocked this remote actor (their reply, like and follow are refused). */
export async function ownerBlocksActor(db: Conn, mediaId: number, remoteActorId: number): Promise<boolean> {
  const row = await db.select({ one: sql<number>`1` }).from(remoteActorBlocks)
    .innerJoin(media, eq(media.userId, remoteActorBlocks.userId))
    .where(and(eq(media.id, mediaId), eq(remoteActorBlocks.remoteActorId, remoteActorId), eq(remoteActorBlocks.kind, "block"))).get();
  return !!row;
}

/** Whether this member blocked this remote actor. */
export async function memberBlocksActor(db: Conn, userId: number, remoteActorId: number): Promise<boolean> {
  const row = await db.select({ one: sql<number>`1` }).from(remoteActorBlocks).where(and(
    eq(remoteActorBlocks.userId, userId),
    eq(remoteActorBlocks.remoteActorId, remoteActorId),
    eq(remoteActorBlocks.kind, "block"),
  )).get();
  return !!row;
}
