/**
 * Bans with a reason and a length (issue 34 point 4, decision 033): what an admin picks on the
 * member page, what the API takes, and what the member reads when they try to sign in. Pure.
 */
import { formatDateTime } from "./format.ts";

/** The lengths an admin may choose; `null` days: until an admin lifts it. */
export const BAN_LENGTHS = [
  { value: "1d", label: "1 day", days: 1 },
  { value: "7d", label: "7 days", days: 7 },
  { value: "30d", label: "30 days", days: 30 },
  { value: "permanent", label: "Until lifted", days: null },
] as const;

export type BanLength = (typeof BAN_LENGTHS)[number]["value"];
export const BAN_LENGTH_VALUES = BAN_LENGTHS.map((l) => l.value) as [BanLength, ...BanLength[]];

export const BAN_REASON_MAX = 500;

/** Why a ban ended: an admin lifted it, it ran out, or a new ban took its place (`bans.end_reason`). */
export const BAN_END_REASONS = ["lifted", "expired", "replaced"] as const;
const DAY_MS = 86_400_000;

/** When a ban of this length made at `now` ends (ms), or null for one until lifted. */
export function banEndsAt(length: BanLength, now: number): number | null {
  const days = BAN_LENGTHS.find((l) => l.value === length)?.days ?? null;
  return days === null ? null : now + days * DAY_MS;
}

/** The spec-era sentence every ban answer starts from (spec part 1 §7 keeps no wording of its own). */
export const BANNED_TEXT = "This account has been banned. Contact support if you think this is a mistake.";

/**
 * What a banned member reads at sign-in: when the ban ends (if it does) and the reason the admin
 * gave, else the plain sentence the site always said.
 */
export function banMessage(ban: { reason: string | null; endsAt: number | string | null } | null): string {
  if (!ban || (ban.reason === null && ban.endsAt === null)) return BANNED_TEXT;
  const until = ban.endsAt === null ? "" : ` until ${formatDateTime(ban.endsAt)}`;
  const why = ban.reason ? ` Reason: ${ban.reason}${/[.!?]$/.test(ban.reason) ? "" : "."}` : "";
  return `This account has been banned${until}.${why} Contact support if you think this is a mistake.`;
}

export const BAN_MSG = {
  self: "You cannot ban yourself",
  admin: "Admins cannot be banned",
  notBanned: "This member is not banned",
  userNotFound: "User not found",
} as const;
