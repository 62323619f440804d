/**
 * Issue 40, the foundation and follows: our server on 127.0.0.2 and a real Fedify stand-in on
 * 127.0.0.3 (tests/_fedi_peer.ts). Discovery (WebFinger, NodeInfo), the actor as JSON and as the
 * profile page, 404s, Follow -> Accept at the peer with the row and the notification, Undo, and
 * the refusals of the inbox: unsigned, badly signed, signed by another actor, oversized.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Accept, Person } from "@fedify/vocab";
import { createUser, until } from "./_helpers.ts";
import { startPeer } from "./_fedi_peer.ts";
import { AP, startFederatedServer } from "./_federation.ts";
import { actorKeys, notifications, remoteActors, remoteFollows, users } from "../db/schema/mod.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test("[federation] discovery, the actor, follows and the inbox's refusals against a real Fedify peer", opts, async (t) => {
  const server = await startFederatedServer();
  const peer = await startPeer();
  try {
    const { db, origin, handleHost } = server;
    const mia = await createUser(db, { username: "mia_frames" });
    await db.update(users).set({ about: "I make <dreams> & loops\nat night" }).where(eq(users.id, mia.id));
    const banned = await createUser(db, { username: "gone_user" });
    await db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    const optedOut = await createUser(db, { username: "quiet_one" });
    await db.update(users).set({ federated: false }).where(eq(users.id, optedOut.id));
    const actorUrl = `${origin}/user/${mia.id}`;

    await t.step("WebFinger names the actor by acct:name@host with the port; unknown, banned and opted-out are 404", async () => {
      const res = await fetch(`${origin}/.well-known/webfinger?resource=acct:mia_frames@${handleHost}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /application\/jrd\+json/);
      const jrd = await res.json();
      assert.equal(jrd.subject, `acct:mia_frames@${handleHost}`);
      assert.ok(jrd.links.some((l: { rel: string; href: string }) => l.rel === "self" && l.href === actorUrl));
      assert.deepEqual(await peer.resolve(`mia_frames@${handleHost}`), new URL(actorUrl));
      for (const name of ["nobody_here", "gone_user", "quiet_one"]) {
        const miss = await fetch(`${origin}/.well-known/webfinger?resource=acct:${name}@${handleHost}`);
        assert.equal(miss.status, 404, name);
        await miss.body?.cancel();
      }
    });

    await t.step("NodeInfo 2.1: dreamreel, activitypub, user and post counts, open registrations", async () => {
      const jrd = await (await fetch(`${origin}/.well-known/nodeinfo`)).json();
      const link = jrd.links.find((l: { rel: string }) => l.rel.endsWith("/2.1"));
      assert.ok(link, "a 2.1 link");
      const res = await fetch(link.href);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /json/);
      const info = await res.json();
      assert.equal(info.software.name, "dreamreel");
      assert.match(info.software.version, /^\d+\.\d+\.\d+/);
      assert.deepEqual(info.protocols, ["activitypub"]);
      assert.equal(info.openRegistrations, true);
      assert.equal(info.usage.users.total, 2); // mia and quiet_one; the banned member is not counted
      assert.equal(info.usage.localPosts, 0);
    });

    await t.step("the actor URL serves ActivityPub JSON to AP clients and the profile page to browsers", async () => {
      const res = await fetch(actorUrl, { headers: AP });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /application\/activity\+json/);
      const person = await Person.fromJsonLd(await res.json(), {
        contextLoader: peer.context.contextLoader,
        documentLoader: peer.context.documentLoader,
      });
      assert.equal(person.id?.href, actorUrl);
      assert.equal(person.preferredUsername?.toString(), "mia_frames");
      assert.equal(person.summary?.toString(), "<p>I make &lt;dreams&gt; &amp; loops<br>at night</p>");
      assert.equal((person.url as URL).href, `${origin}/user/mia_frames`);
      assert.equal(person.inboxId?.href, `${actorUrl}/inbox`);
      assert.equal(person.outboxId?.href, `${actorUrl}/outbox`);
      assert.equal(person.followersId?.href, `${actorUrl}/followers`);
      assert.equal(person.followingId?.href, `${actorUrl}/following`);
      assert.equal(person.endpoints?.sharedInbox?.href, `${origin}/inbox`);
      const key = await person.getPublicKey();
      assert.ok(key?.publicKey, "an RSA publicKey");
      assert.equal(key.publicKey.algorithm.name, "RSASSA-PKCS1-v1_5");
      const methods = [];
      for await (const m of person.getAssertionMethods()) methods.push(m);
      assert.ok(methods.some((m) => m.publicKey?.algorithm.name === "Ed25519"), "an Ed25519 assertionMethod");
      // Keys made once and kept: two rows, and the same key on the next read.
      const rows = await db.select().from(actorKeys).where(eq(actorKeys.userId, mia.id));
      assert.deepEqual(rows.map((r) => r.algorithm).sort(), ["Ed25519", "RSASSA-PKCS1-v1_5"]);
      const again = await Person.fromJsonLd(await (await fetch(actorUrl, { headers: AP })).json());
      assert.deepEqual(
        await crypto.subtle.exportKey("jwk", (await again.getPublicKey())!.publicKey!),
        await crypto.subtle.exportKey("jwk", key.publicKey),
      );

      const html = await fetch(actorUrl, { headers: { accept: "text/html" } });
      assert.equal(html.status, 200);
      assert.match(html.headers.get("content-type") ?? "", /text\/html/);
      assert.match(await html.text(), /mia_frames/);
    });

    await t.step("unknown, banned and opted-out members' actors are 404", async () => {
      for (const id of [999999, banned.id, optedOut.id]) {
        const res = await fetch(`${origin}/user/${id}`, { headers: AP });
        assert.equal(res.status, 404, String(id));
        await res.body?.cancel();
      }
      const inst = await fetch(`${origin}/user/~site`, { headers: AP });
      assert.equal(inst.status, 200, "the instance actor");
      assert.equal((await inst.json()).type, "Application");
    });

    const follow = peer.follow("alice", new URL(actorUrl));
    await t.step("Follow of a member: Accept arrives at the peer, the row and the notification naming name@host", async () => {
      await peer.send("alice", new URL(actorUrl), follow);
      const got = await peer.waitFor((r) => r.activity instanceof Accept, 60_000, "the Accept");
      assert.equal(got.inbox, "alice");
      assert.equal((got.activity as Accept).objectId?.href, follow.id!.href);
      assert.equal(got.activity.actorId?.href, actorUrl);
      const [actor] = await db.select().from(remoteActors).where(eq(remoteActors.uri, peer.actorUri("alice").href));
      assert.equal(actor.handle, `alice@${peer.host}`);
      assert.equal(actor.domain, peer.host);
      assert.equal(actor.sharedInbox, `${peer.origin}/inbox`);
      const [row] = await db.select().from(remoteFollows).where(eq(remoteFollows.userId, mia.id));
      assert.equal(row.remoteActorId, actor.id);
      assert.equal(row.activityId, follow.id!.href);
      const [u] = await db.select({ n: users.remoteFollowerCount }).from(users).where(eq(users.id, mia.id));
      assert.equal(u.n, 1);
      const [note] = await db.select().from(notifications).where(eq(notifications.userId, mia.id));
      assert.equal(note.kind, "new_follower");
      assert.equal(note.detail, `alice@${peer.host}`);
      const followers = await (await fetch(`${actorUrl}/followers`, { headers: AP })).json();
      assert.equal(followers.totalItems, 1);
    });

    await t.step("the inbox refuses unsigned, badly signed, other-actor-signed and oversized bodies with nothing changed", async () => {
      const inbox = new URL(`${actorUrl}/inbox`);
      const before = await db.select().from(remoteFollows);
      const f2 = peer.follow("alice", new URL(actorUrl));
      for (const how of ["unsigned", "tampered", "otherKey"] as const) {
        const res = await peer.postRaw(inbox, f2, how);
        assert.equal(res.status, 401, how);
        await res.body?.cancel();
      }
      const rfc = await peer.postRaw(new URL(`${origin}/inbox`), peer.undo("alice", follow), "otherKey", "bob", "rfc9421");
      assert.equal(rfc.status, 401, "RFC 9421 signed by bob for alice's Undo");
      await rfc.body?.cancel();
      const big = await fetch(inbox, {
        method: "POST",
        headers: { "content-type": "application/activity+json" },
        body: JSON.stringify({ type: "Note", content: "x".repeat(1024 * 1024) }),
      });
      assert.equal(big.status, 413);
      assert.equal((await big.json()).error, "Activity too large (at most 1 MiB)");
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(await db.select().from(remoteFollows), before);
    });

    await t.step("Undo(Follow) removes the follow and the count", async () => {
      await peer.send("alice", new URL(actorUrl), peer.undo("alice", follow), { shared: true });
      await until(
        async () => (await db.select().from(remoteFollows).where(eq(remoteFollows.userId, mia.id))).length === 0,
        60_000,
        "the Undo",
      );
      const [u] = await db.select({ n: users.remoteFollowerCount }).from(users).where(eq(users.id, mia.id));
      assert.equal(u.n, 0);
    });
  } finally {
    await peer.close();
    await server.shutdown();
  }
});
