import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { passwordResetTokens, users } from "../schema/mod.ts";

type Conn = Db | Tx;

/** The account a reset mail goes to: by email, case-insensitive. */
export function findResetRecipient(db: Conn, email: string) {
  return db.select({ id: users.id, username: users.username, email: users.email, banned: users.banned })
    .from(users).where(sql`lower(${users.email}) = lower(${email})`).get();
}

/** Stores a new token's hash (never the token) and drops the member's spent or expired ones. */
export async function insertResetToken(tx: Tx, userId: number, tokenHash: string, expiresAt: number, now: number) {
  await tx.delete(passwordResetTokens).where(
    and(eq(passwordResetTokens.userId, userId), or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, now))),
  );
  await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt, createdAt: now });
}

/** The member a token resets, while it is unused and unexpired. */
export function findUsableResetToken(db: Conn, tokenHash: string, now: number) {
  return db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), sql`${passwordResetTokens.usedAt} is null`, gt(passwordResetTokens.expiresAt, now)),
    )
    .get();
}

/** Spends a token (once: a second call finds it used); returns its member, or null when not usable. */
export async function consumeResetToken(tx: Tx, tokenHash: string, now: number): Promise<number | null> {
  const [row] = await tx.update(passwordResetTokens).set({ usedAt: now })
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), sql`${passwordResetTokens.usedAt} is null`, gt(passwordResetTokens.expiresAt, now)),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Voids every open token of a member (after a reset, a password change or an email change). */
export async function voidResetTokens(tx: Tx, userId: number, now: number) {
  await tx.update(passwordResetTokens).set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), sql`${passwordResetTokens.usedAt} is null`));
}
