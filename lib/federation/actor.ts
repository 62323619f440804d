/**
 * Actors (issue 40 point 2): a Person per member at `/user/{id}`, the same URL as the profile page
 * (browsers are handed to Hono by app.ts), and the instance actor `/user/~site` that signs fetches
 * made for the site itself. Unknown, deleted, banned and opted-out members are 404. The handle in
 * WebFinger is the username; the actor's id is the member's id, which never changes.
 */
import { Application, Endpoints, Person } from "@fedify/vocab";
import type { Federation } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { findActorMember, findMemberIdByUsername } from "../../db/queries/federation.ts";
import { profileHref } from "../../common/profile_rules.ts";
import type { FedContext } from "./federation.ts";
import { textToHtml } from "./html.ts";
import { actorKeyPairs } from "./keys.ts";

/** The instance actor's identifier: "~" is in no username, so it can never name a member. */
export const INSTANCE_ACTOR = "~site";
const ID_RE = /^\d{1,15}$/;

/** The member an actor identifier names when they may federate now; null otherwise. */
export async function activeMember(db: Db, identifier: string) {
  if (!ID_RE.test(identifier)) return null;
  const m = await findActorMember(db, Number(identifier));
  return m && !m.banned && m.federated ? m : null;
}

export function setupActors(fed: Federation<FedContext>) {
  fed.setActorDispatcher("/user/{identifier}", async (ctx, identifier) => {
    const { db, config } = ctx.data;
    if (identifier === INSTANCE_ACTOR) {
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Application({
        id: ctx.getActorUri(identifier),
        preferredUsername: new URL(config.siteUrl).hostname,
        name: config.siteName,
        url: new URL(config.siteUrl),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: true,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
      });
    }
    const m = await activeMember(db, identifier);
    if (!m) return null;
    const keys = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: m.username,
      name: m.username,
      summary: m.about ? textToHtml(m.about) : null,
      url: new URL(profileHref({ id: m.id, username: m.username }), config.siteUrl),
      published: Temporal.Instant.fromEpochMilliseconds(m.createdAt),
      inbox: ctx.getInboxUri(identifier),
      outbox: ctx.getOutboxUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      following: ctx.getFollowingUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      manuallyApprovesFollowers: false,
      discoverable: true,
      publicKey: keys[0]?.cryptographicKey,
      assertionMethods: keys.map((k) => k.multikey),
    });
  })
    // Keys of a member who left or was banned are still given: their Delete must be signed.
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return await actorKeyPairs(ctx.data.db, null);
      if (!ID_RE.test(identifier) || !(await findActorMember(ctx.data.db, Number(identifier)))) return [];
      return await actorKeyPairs(ctx.data.db, Number(identifier));
    })
    .mapHandle(async (ctx, username) => {
      if (username.length > 100) return null;
      const id = await findMemberIdByUsername(ctx.data.db, username);
      return id === undefined ? null : String(id);
    });
}
