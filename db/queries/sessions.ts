import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { prepared } from "../prepared.ts";
import { sessions, users } from "../schema/mod.ts";
import type { Role } from "../../common/roles.ts";

export async function insertSession(db: Db, idHash: string, userId: number, expiresAt: number) {
  await db.insert(sessions).values({ idHash, userId, expiresAt });
}

export type SessionUser = {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  role: Role;
  createdAt: number;
  emailVerified: boolean;
  lastSeenAt: number | null;
  expiresAt: number;
};

/** The signed-in user for a session hash, unless the session expired or the user is banned. */
export function findSessionUser(db: Db, idHash: string, now: number): Promise<SessionUser | undefined> {
  return prepared<SessionUser>(db, "sessionUser", () =>
    db.select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      role: users.role,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
      lastSeenAt: users.lastSeenAt,
      expiresAt: sessions.expiresAt,
    }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, sql.placeholder("idHash")), gt(sessions.expiresAt, sql.placeholder("now")), eq(users.banned, false))))
    .get({ idHash, now });
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Db | Tx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Ends every session of a banned member but keeps the rows, expired, until the start-up sweep:
 * a browser that comes back with one is told why it was signed out (issue 27 point 10).
 */
export async function endUserSessions(db: Db | Tx, userId: number) {
  await db.update(sessions).set({ expiresAt: 0 }).where(eq(sessions.userId, userId));
}

/** Whether the session `idHash` was ended by its member's ban (then it is deleted: the member is told once). */
export async function takeBannedSession(db: Db, idHash: string): Promise<boolean> {
  const row = await db.select({ banned: users.banned }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash)).get();
  if (!row) return false;
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  return row.banned;
}

export async function deleteExpiredSessions(db: Db, now: number) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** When the session a request carries was started (its sign-in), for the recent sign-in rule. */
export async function findSessionStart(db: Db, idHash: string): Promise<number | null> {
  return (await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.idHash, idHash)).get())?.createdAt ?? null;
}
