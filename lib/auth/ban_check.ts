/**
 * A banned member at sign-in (issue 34 point 4): a ban that ran out ends now and they sign in;
 * otherwise 403 with the admin's reason and the end, in the text and as fields (`code: "banned"`).
 */
import type { Db } from "../../db/client.ts";
import { findOpenBan } from "../../db/queries/bans.ts";
import { banMessage } from "../../common/ban_rules.ts";
import { ERROR_CODES } from "../../common/error_codes.ts";
import { endBanIfRunOut } from "../community/bans.ts";
import { HttpError } from "../http_error.ts";

/** Whether the member may sign in after all: their ban's end came before the sweep did. */
export const banRanOut = (db: Db, userId: number, now: number) => endBanIfRunOut(db, userId, now);

/** The refusal a banned member gets, with what the ban says. */
export async function bannedError(db: Db, userId: number): Promise<HttpError> {
  const ban = await findOpenBan(db, userId);
  const fields = { reason: ban?.reason ?? null, endsAt: ban?.endsAt ? new Date(ban.endsAt).toISOString() : null };
  return new HttpError(403, banMessage(ban ?? null), undefined, ERROR_CODES.banned, { ban: fields });
}

/** Throws the refusal unless the member's ban ran out (then ended now). */
export async function refuseBanned(db: Db, userId: number, now: number): Promise<void> {
  if (await banRanOut(db, userId, now)) return;
  throw await bannedError(db, userId);
}
