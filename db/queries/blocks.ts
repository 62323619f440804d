import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { blocks } from "../schema/mod.ts";

type Conn = Db | Tx;

/** How many members `blocker` blocks (the cap of issue 31). */
export async function countBlocks(db: Conn, blocker: number): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(blocks).where(eq(blocks.blockerId, blocker)).get())?.n ?? 0;
}

/** Blocks `blocked` for `blocker`; blocking twice changes nothing. True when a row was added. */
export async function blockUser(tx: Tx, blocker: number, blocked: number): Promise<boolean> {
  const added = await tx.insert(blocks).values({ blockerId: blocker, blockedId: blocked }).onConflictDoNothing()
    .returning({ blockerId: blocks.blockerId });
  return added.length > 0;
}

/** True when a block was lifted; unblocking someone not blocked changes nothing. */
export async function unblockUser(tx: Tx, blocker: number, blocked: number): Promise<boolean> {
  const removed = await tx.delete(blocks).where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)))
    .returning({ blockerId: blocks.blockerId });
  return removed.length > 0;
}

/** Who blocked whom between two members (one query for both directions). */
export async function blocksBetween(db: Conn, me: number, other: number) {
  const rows = await db.select({ blockerId: blocks.blockerId }).from(blocks).where(or(
    and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)),
    and(eq(blocks.blockerId, other), eq(blocks.blockedId, me)),
  ));
  return { iBlocked: rows.some((r) => r.blockerId === me), blockedMe: rows.some((r) => r.blockerId === other) };
}

/** Of `others`, those with a block between them and `me`, either way (issue 32: never suggested to follow). */
export async function blockedEitherWay(db: Conn, me: number, others: number[]): Promise<Set<number>> {
  if (!others.length) return new Set();
  const rows = await db.select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId }).from(blocks).where(or(
    and(eq(blocks.blockerId, me), inArray(blocks.blockedId, others)),
    and(eq(blocks.blockedId, me), inArray(blocks.blockerId, others)),
  ));
  return new Set(rows.map((r) => (r.blockerId === me ? r.blockedId : r.blockerId)));
}
