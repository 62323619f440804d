/** Sign-ups waiting for approval (issue 41 point 2): the account exists, its row here keeps it from signing in. */
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { registrationRequests, users } from "../schema/mod.ts";

export async function insertRegistrationRequest(tx: Tx, userId: number, reason: string, at: number) {
  await tx.insert(registrationRequests).values({ userId, reason, createdAt: at });
}

export type SignupRow = { id: number; username: string; email: string | null; reason: string; createdAt: number };

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  reason: registrationRequests.reason,
  createdAt: registrationRequests.createdAt,
};

/** Oldest first (the order they are decided in), at most `limit`. */
export function listRegistrationRequests(db: Db, limit: number): Promise<SignupRow[]> {
  return db.select(columns).from(registrationRequests).innerJoin(users, eq(users.id, registrationRequests.userId))
    .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.userId)).limit(limit).all();
}

export async function countRegistrationRequests(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(registrationRequests).get())?.n ?? 0;
}

export function findRegistrationRequest(db: Db | Tx, userId: number): Promise<SignupRow | undefined> {
  return db.select(columns).from(registrationRequests).innerJoin(users, eq(users.id, registrationRequests.userId))
    .where(eq(registrationRequests.userId, userId)).get();
}

export async function deleteRegistrationRequest(tx: Tx, userId: number) {
  await tx.delete(registrationRequests).where(eq(registrationRequests.userId, userId));
}

/** Deletes the account of a refused sign-up (its request goes with it); it never signed in, so it has nothing else. */
export async function deletePendingUser(tx: Tx, userId: number) {
  await tx.delete(users).where(
    sql`${users.id} = ${userId} AND EXISTS (SELECT 1 FROM ${registrationRequests} WHERE ${registrationRequests.userId} = ${userId})`,
  );
}

export async function isPendingSignup(db: Db | Tx, userId: number): Promise<boolean> {
  return !!(await db.select({ id: registrationRequests.userId }).from(registrationRequests).where(eq(registrationRequests.userId, userId))
    .get());
}
