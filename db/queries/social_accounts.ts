import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { socialAccounts, users } from "../schema/mod.ts";

export function findUserBySocial(tx: Tx, provider: "google" | "facebook", providerUserId: string) {
  return tx.select({ id: users.id, banned: users.banned }).from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId))).get();
}

export function findUserByEmail(tx: Tx, email: string) {
  return tx.select({ id: users.id, banned: users.banned }).from(users).where(sql`lower(${users.email}) = lower(${email})`).get();
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
