/**
 * Which account a Google or Facebook identity enters (quality bar 21, issue 19). It joins an
 * existing account only through an address both the provider and that account have proved, or
 * through a link made while signed in to the account. Otherwise an attacker who registered first
 * with someone's address (nothing proved it) would receive that person's sign-ins.
 */
import { type Db, writeTx } from "../../db/client.ts";
import { findPasswordHash, listSocialProviders } from "../../db/queries/account.ts";
import { markEmailVerified } from "../../db/queries/email_verification.ts";
import {
  findProviderLink,
  findUserByEmail,
  findUserBySocial,
  linkSocialAccount,
  unlinkSocialAccount,
  usernameExists,
} from "../../db/queries/social_accounts.ts";
import { countUsers, insertUser } from "../../db/queries/users.ts";
import { insertRegistrationRequest } from "../../db/queries/registrations.ts";
import type { RegistrationMode } from "../../common/site_settings.ts";
import { isReservedUsername } from "../../common/auth_rules.ts";
import type { Config } from "../config.ts";
import { conflict, notFound } from "../http_error.ts";
import { type Provider, PROVIDERS, type SocialProfile, usernameFromProfile } from "./oauth.ts";

export type SignInOutcome =
  | { account: { id: number; banned: boolean } }
  | { exists: true }
  /** Issue 41: no new account while sign-ups are closed or by invite; one made while they need approval waits. */
  | { refused: "closed" | "invite" }
  | { pending: true };

/**
 * The linked account; else the account with the same address when both sides proved it (then
 * linked); else, when an account holds the address unproved, none: the person is told to sign in
 * with its password and connect the provider from their profile; else a new member.
 */
export function findOrCreateSocialUser(
  db: Db,
  config: Config,
  provider: Provider,
  profile: SocialProfile,
  mode: RegistrationMode = "open",
): Promise<SignInOutcome> {
  return writeTx(db, async (tx) => {
    const linked = await findUserBySocial(tx, provider, profile.id);
    if (linked) return { account: linked };
    const proved = profile.email && profile.emailVerified ? profile.email : null;
    const byEmail = proved ? await findUserByEmail(tx, proved) : undefined;
    if (byEmail && !byEmail.emailVerified) return { exists: true };
    if (byEmail) {
      await linkSocialAccount(tx, byEmail.id, provider, profile.id, profile.email);
      return { account: { id: byEmail.id, banned: byEmail.banned } };
    }
    const isAdmin = (await countUsers(tx)) === 0;
    if (!isAdmin && (mode === "closed" || mode === "invite")) return { refused: mode };
    const base = usernameFromProfile(profile);
    let username = base;
    for (let n = 2; isReservedUsername(username, config.siteName) || await usernameExists(tx, username); n++) username = `${base}_${n}`;
    const created = await insertUser(tx, { username, email: proved, emailVerified: proved !== null, passwordHash: null, isAdmin });
    await linkSocialAccount(tx, created.id, provider, profile.id, profile.email);
    if (!isAdmin && mode === "approval") {
      await insertRegistrationRequest(tx, created.id, `(signed up with ${PROVIDERS[provider]})`, Date.now());
      return { pending: true };
    }
    return { account: { id: created.id, banned: false } };
  });
}

export type LinkOutcome = "connected" | "already" | "taken";

/**
 * Attaches an identity to the signed-in member who started the flow from /profile. An identity
 * already attached to another account stays there. A provider-proved address equal to the
 * member's proves it for the account too.
 */
export function connectSocialAccount(db: Db, userId: number, provider: Provider, profile: SocialProfile): Promise<LinkOutcome> {
  return writeTx(db, async (tx) => {
    const owner = await findUserBySocial(tx, provider, profile.id);
    if (owner) return owner.id === userId ? "already" : "taken";
    if (await findProviderLink(tx, userId, provider)) return "already";
    await linkSocialAccount(tx, userId, provider, profile.id, profile.email);
    if (profile.email && profile.emailVerified) await markEmailVerified(tx, userId, profile.email);
    return "connected";
  });
}

/** Disconnects a provider, unless it is the member's last way to sign in (409). Returns the providers left. */
export function disconnectSocialAccount(db: Db, userId: number, provider: Provider): Promise<string[]> {
  return writeTx(db, async (tx) => {
    const providers = await listSocialProviders(tx, userId);
    if (!providers.includes(provider)) throw notFound(`${PROVIDERS[provider]} is not connected to your account`);
    const hasPassword = (await findPasswordHash(tx, userId)) !== null;
    if (!hasPassword && providers.length <= 1) throw conflict(lastWayMessage(provider));
    await unlinkSocialAccount(tx, userId, provider);
    return providers.filter((p) => p !== provider);
  });
}

export const lastWayMessage = (provider: Provider) =>
  `${PROVIDERS[provider]} is the only way you sign in. Set a password or connect another account before disconnecting it.`;
