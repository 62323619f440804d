import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { bans, registrationRequests, users } from "../schema/mod.ts";
import type { SessionUser } from "../../common/api_types.ts";

/** A member as the server holds them: `GET /api/user`'s fields, `createdAt` in Unix milliseconds as stored. */
export type MemberRow = Omit<SessionUser, "createdAt"> & { createdAt: number };

const publicColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
};

/** Case-insensitive, as usernames are unique regardless of case. */
export function findLoginByUsername(db: Db, username: string) {
  // `pending`: a sign-up waiting for approval (issue 41), which may not sign in yet.
  const pending = sql<number>`exists (select 1 from ${registrationRequests} where ${registrationRequests.userId} = ${users.id})`;
  return db.select({ ...publicColumns, passwordHash: users.passwordHash, banned: users.banned, pending })
    .from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

export async function usernameOrEmailTaken(db: Db | Tx, username: string, email: string) {
  const row = await db.select({
    username: sql<number>`max(lower(${users.username}) = lower(${username}))`,
    email: sql<number>`max(lower(${users.email}) = lower(${email}))`,
  }).from(users).get();
  return { username: row?.username === 1, email: row?.email === 1 };
}

export async function countUsers(db: Db | Tx): Promise<number> {
  return (await db.select({ n: count() }).from(users).get())?.n ?? 0;
}

export type NewUser = {
  username: string;
  email: string | null;
  passwordHash: string | null;
  dateOfBirth?: string;
  isAdmin?: boolean;
  /** True only when the address was proved (a provider's verified email) or the operator made the account. */
  emailVerified?: boolean;
};

export async function insertUser(db: Db | Tx, user: NewUser): Promise<MemberRow> {
  // The role is written with the flag: RETURNING shows the row before migration 0031's triggers ran.
  const [row] = await db.insert(users).values({ ...user, role: user.isAdmin ? "admin" : "member" }).returning(publicColumns);
  return row;
}

/** The configured admin (ADMIN_USERNAME): an open ban of that account ends as lifted, so `banned` stays its mirror (migration 0020). */
export async function setAdmin(db: Db, id: number, passwordHash: string) {
  await db.update(bans).set({ endedAt: Date.now(), endReason: "lifted" }).where(and(eq(bans.userId, id), isNull(bans.endedAt)));
  await db.update(users).set({ isAdmin: true, passwordHash, banned: false, emailVerified: true }).where(eq(users.id, id));
}

export async function touchLastSeen(db: Db, id: number, at: number) {
  await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
}
