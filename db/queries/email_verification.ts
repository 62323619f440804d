import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { emailVerificationTokens, users } from "../schema/mod.ts";

type Conn = Db | Tx;

/** Who a verification mail goes to, and whether one is needed. */
export function findVerifyRecipient(db: Conn, userId: number) {
  return db.select({ username: users.username, email: users.email, emailVerified: users.emailVerified, banned: users.banned })
    .from(users).where(eq(users.id, userId)).get();
}

/** Stores a new token's hash, bound to the address it is mailed to; drops the member's spent or expired ones. */
export async function insertVerifyToken(tx: Tx, userId: number, email: string, tokenHash: string, expiresAt: number, now: number) {
  await tx.delete(emailVerificationTokens).where(and(
    eq(emailVerificationTokens.userId, userId),
    or(isNotNull(emailVerificationTokens.usedAt), lte(emailVerificationTokens.expiresAt, now)),
  ));
  await tx.insert(emailVerificationTokens).values({ userId, email, tokenHash, expiresAt, createdAt: now });
}

/** Spends a token (once); returns its member and address, or null when unknown, used or expired. */
export async function consumeVerifyToken(tx: Tx, tokenHash: string, now: number) {
  const [row] = await tx.update(emailVerificationTokens).set({ usedAt: now })
    .where(and(
      eq(emailVerificationTokens.tokenHash, tokenHash),
      sql`${emailVerificationTokens.usedAt} is null`,
      gt(emailVerificationTokens.expiresAt, now),
    ))
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row ?? null;
}

/** A link's address and its account's current address and state, used or not (null for an unknown link). */
export async function findVerifyTokenAccount(db: Conn, tokenHash: string) {
  const row = await db.select({
    email: emailVerificationTokens.email,
    currentEmail: users.email,
    emailVerified: users.emailVerified,
  }).from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.tokenHash, tokenHash)).get();
  return row ?? null;
}

/** Marks the address verified while it is still the one the link was mailed to; false when it changed since. */
export async function markEmailVerified(tx: Tx, userId: number, email: string): Promise<boolean> {
  const rows = await tx.update(users).set({ emailVerified: true })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`, eq(users.banned, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A password reset mailed to the address proves it as well as a verification link does. */
export async function setEmailVerified(tx: Tx, userId: number) {
  await tx.update(users).set({ emailVerified: true }).where(and(eq(users.id, userId), isNotNull(users.email)));
}

/** Voids every open verification link of a member (their address changed). */
export async function voidVerifyTokens(tx: Tx, userId: number, now: number) {
  await tx.update(emailVerificationTokens).set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.userId, userId), sql`${emailVerificationTokens.usedAt} is null`));
}
