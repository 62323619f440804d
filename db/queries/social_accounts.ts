import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { socialAccounts, users } from "../schema/mod.ts";

export function findUserBySocial(tx: Tx, provider: "google" | "facebook", providerUserId: string) {
  return tx.select({ id: users.id, banned: users.banned }).from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId))).get();
}

/** The account with this address (case-insensitive), and whether it proved the address. */
export function findUserByEmail(tx: Tx, email: string) {
  return tx.select({ id: users.id, banned: users.banned, emailVerified: users.emailVerified }).from(users).where(
    sql`lower(${users.email}) = lower(${email})`,
  ).get();
}

export async function linkSocialAccount(
  tx: Tx,
  userId: number,
  provider: "google" | "facebook",
  providerUserId: string,
  email: string | null,
) {
  await tx.insert(socialAccounts).values({ userId, provider, providerUserId, email });
}

export async function usernameExists(tx: Tx, username: string): Promise<boolean> {
  return !!(await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get());
}

/** The identity of a provider a member has connected, if any. */
export function findProviderLink(tx: Tx, userId: number, provider: "google" | "facebook") {
  return tx.select({ providerUserId: socialAccounts.providerUserId }).from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider))).get();
}

/** Disconnects a provider from a member; returns how many identities went. */
export async function unlinkSocialAccount(tx: Tx, userId: number, provider: "google" | "facebook"): Promise<number> {
  const rows = await tx.delete(socialAccounts).where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)))
    .returning({ id: socialAccounts.id });
  return rows.length;
}
