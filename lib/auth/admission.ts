/**
 * Who may make an account (issue 41 point 2, decision 043), by the site's `registrations` setting: open, approval
 * (the account waits for an admin), invite (a code is needed) or closed. Run inside the write transaction that makes
 * the account, so an invite's use and the account are committed together, or neither.
 */
import type { Tx } from "../../db/client.ts";
import { findInvite, takeInviteUse } from "../../db/queries/invites.ts";
import { type RegistrationMode, SIGNUP_MSG } from "../../common/site_settings.ts";
import { badRequest, forbidden } from "../http_error.ts";

export type Admission = { pending: false } | { pending: true; reason: string };

/** Uses one admission of `code`, or answers 403 saying why it cannot. */
export async function useInvite(tx: Tx, code: string, now: number) {
  if (await takeInviteUse(tx, code, now)) return;
  const invite = await findInvite(tx, code);
  if (!invite) throw forbidden(SIGNUP_MSG.inviteUnknown);
  if (invite.revokedAt !== null) throw forbidden(SIGNUP_MSG.inviteRevoked);
  if (invite.expiresAt !== null && invite.expiresAt <= now) throw forbidden(SIGNUP_MSG.inviteExpired);
  throw forbidden(SIGNUP_MSG.inviteUsedUp);
}

/**
 * Whether a sign-up with this reason and invite code may make an account now, and whether it must wait. The first
 * account of an empty site (the operator's) is always let in. An invite code admits during approval too.
 */
export async function admit(
  tx: Tx,
  mode: RegistrationMode,
  input: { reason?: string; inviteCode?: string },
  firstAccount: boolean,
  now: number,
): Promise<Admission> {
  if (firstAccount || mode === "open") return { pending: false };
  if (mode === "closed") throw forbidden(SIGNUP_MSG.closed);
  const code = input.inviteCode?.trim().toUpperCase();
  if (code) {
    await useInvite(tx, code, now);
    return { pending: false };
  }
  if (mode === "invite") throw badRequest(SIGNUP_MSG.inviteNeeded);
  const reason = input.reason?.trim();
  if (!reason) throw badRequest(SIGNUP_MSG.reasonNeeded);
  return { pending: true, reason };
}
