/** Invite codes (issue 41 point 2): made and revoked by admins, used by sign-ups while registrations need one. */
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { invites } from "../schema/mod.ts";

export type InviteRow = typeof invites.$inferSelect;

export async function insertInvite(tx: Tx, row: typeof invites.$inferInsert): Promise<InviteRow> {
  const [made] = await tx.insert(invites).values(row).returning();
  return made;
}

export async function countInvites(db: Db | Tx): Promise<number> {
  return (await db.select({ n: count() }).from(invites).get())?.n ?? 0;
}

/** Newest first; the list is capped by INVITES_MAX at creation. */
export function listInvites(db: Db): Promise<InviteRow[]> {
  return db.select().from(invites).orderBy(desc(invites.createdAt), desc(invites.code)).all();
}

export function findInvite(db: Db | Tx, code: string): Promise<InviteRow | undefined> {
  return db.select().from(invites).where(eq(invites.code, code)).get();
}

/** Revokes a code not revoked yet; false when there was none to revoke. */
export async function revokeInvite(tx: Tx, code: string, at: number): Promise<boolean> {
  const rows = await tx.update(invites).set({ revokedAt: at }).where(and(eq(invites.code, code), isNull(invites.revokedAt)))
    .returning({ code: invites.code });
  return rows.length > 0;
}

/**
 * Counts one use of a code that is usable now, in one statement (two sign-ups with the last use of a code cannot
 * both pass); false when it is unknown, revoked, expired or used up (the caller reads which).
 */
export async function takeInviteUse(tx: Tx, code: string, at: number): Promise<boolean> {
  const rows = await tx.update(invites).set({ uses: sql`${invites.uses} + 1` }).where(and(
    eq(invites.code, code),
    isNull(invites.revokedAt),
    or(isNull(invites.expiresAt), gt(invites.expiresAt, at)),
    or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
  )).returning({ code: invites.code });
  return rows.length > 0;
}
