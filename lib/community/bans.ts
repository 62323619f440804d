/**
 * Bans with a reason and a length (issue 34 point 4, decision 033). A ban is a row of `bans`;
 * `users.banned`, which sessions, sign-in, profiles and the visibility triggers of decision 028
 * read, follows the open one (triggers of migration 0020). A temporary ban ends by itself: the
 * sweep (`startBanSweeper`, once a minute in the main process) ends every ban whose end has come,
 * and a sign-in after the end ends that member's at once; both are the same conditional statement,
 * so neither races the other nor an admin's new ban. Every step is audited.
 */
import { type Db, type Tx, writeTx } from "../../db/client.ts";
import { findUserForAdmin } from "../../db/queries/admin.ts";
import { clearBannedFlag, endExpiredBans, endOpenBan, insertBan, type OpenBan } from "../../db/queries/bans.ts";
import { endUserSessions } from "../../db/queries/sessions.ts";
import { removeAllFollowsOf } from "../../db/queries/follows.ts";
import { BAN_MSG, banEndsAt, type BanLength } from "../../common/ban_rules.ts";
import { contentChanged } from "../http/content_version.ts";
import { conflict, notFound } from "../http_error.ts";
import { log } from "../log.ts";
import { runInBackground } from "../background.ts";
import { recordAudit } from "./audit.ts";

type Target = NonNullable<Awaited<ReturnType<typeof findUserForAdmin>>>;

/** The member an admin acts on: 404 when gone, 409 for oneself or another admin. */
export async function banTarget(tx: Db | Tx, id: number, adminId: number): Promise<Target> {
  const target = await findUserForAdmin(tx, id);
  if (!target) throw notFound(BAN_MSG.userNotFound);
  if (target.id === adminId) throw conflict(BAN_MSG.self);
  if (target.isAdmin) throw conflict(BAN_MSG.admin);
  return target;
}

/**
 * Bans the member (a new ban replaces an open one: a new reason or length), ends their sessions,
 * and moves the content version (their items leave every public list). `reason` null: the spec's
 * toggle, which asks for none.
 */
export async function banMember(
  db: Db,
  adminId: number,
  userId: number,
  ban: { reason: string | null; length: BanLength },
  now: number,
): Promise<{ user: Target; ban: OpenBan }> {
  const done = await writeTx(db, async (tx) => {
    const user = await banTarget(tx, userId, adminId);
    const endsAt = banEndsAt(ban.length, now);
    const row = await insertBan(tx, { userId, adminId, reason: ban.reason, endsAt, at: now });
    // A banned member's follows end both ways, for good, a temporary ban's too: its end restores none (issue 32).
    await removeAllFollowsOf(tx, userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: "user.ban",
      targetType: "user",
      targetId: userId,
      details: { username: user.username, reason: ban.reason, length: ban.length, endsAt: endsAt && new Date(endsAt).toISOString() },
    }, now);
    return { user: { ...user, banned: true }, ban: row };
  });
  // Sessions of a banned member already stop working (the session query skips them); expiring them
  // makes the end final even if the ban is lifted later, and keeps them until the start-up sweep so
  // the member's next visit says why (issue 27 point 10).
  await endUserSessions(db, userId);
  await contentChanged(db);
  return done;
}

/** Lifts the member's ban (409 when there is none); their items show again. */
export async function unbanMember(db: Db, adminId: number, userId: number, now: number): Promise<Target> {
  const user = await writeTx(db, async (tx) => {
    const target = await findUserForAdmin(tx, userId);
    if (!target) throw notFound(BAN_MSG.userNotFound);
    const ended = await endOpenBan(tx, userId, now, adminId, "lifted");
    // A flag set without a ban row (before bans had rows, or by hand) is cleared all the same.
    if (!ended && !(await clearBannedFlag(tx, userId))) throw conflict(BAN_MSG.notBanned);
    await recordAudit(tx, {
      actorId: adminId,
      action: "user.unban",
      targetType: "user",
      targetId: userId,
      details: { username: target.username, ...(ended ? { reason: ended.reason } : {}) },
    }, now);
    return { ...target, banned: false };
  });
  await contentChanged(db);
  return user;
}

/** Ends run-out bans in one write and audits each (no actor: the site did it); how many ended. */
async function endDue(db: Db, now: number, userId?: number): Promise<OpenBan[]> {
  const ended = await writeTx(db, async (tx) => {
    const rows = await endExpiredBans(tx, now, SWEEP_BATCH, userId);
    for (const ban of rows) {
      await recordAudit(tx, {
        actorId: null,
        action: "user.ban_expired",
        targetType: "user",
        targetId: ban.userId,
        details: { reason: ban.reason, endsAt: new Date(ban.endsAt!).toISOString() },
      }, now);
    }
    return rows;
  });
  if (ended.length) await contentChanged(db);
  return ended;
}

const SWEEP_BATCH = 200;

/** The sweep: every ban whose end is at or before `now` ends, its member's items public again. */
export async function endExpiredBansNow(db: Db, now: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await endDue(db, now)).length;
    total += n;
    if (n < SWEEP_BATCH) return total;
  }
}

/** At sign-in: the member's ban, if it ran out, ends now; whether it did. */
export async function endBanIfRunOut(db: Db, userId: number, now: number): Promise<boolean> {
  return (await endDue(db, now, userId)).length > 0;
}

export const BAN_SWEEP_MS = 60_000;

/** Sweeps at start and then every minute; returns the function that stops it. `clock` is Date.now but in tests. */
export function startBanSweeper(db: Db, clock: () => number = Date.now): () => void {
  // In the background set: a shutdown waits for a sweep under way before it closes the database.
  const sweep = () =>
    runInBackground("ban sweep", async () => {
      const n = await endExpiredBansNow(db, clock());
      if (n) log.info("temporary bans ended", { count: n });
    });
  sweep();
  const timer = setInterval(sweep, BAN_SWEEP_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
