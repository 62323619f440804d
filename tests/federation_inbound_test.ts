/**
 * Issue 40's inbound half against a real Fedify peer on 127.0.0.3 (tests/_fedi_peer.ts), ours on 127.0.0.2: replies
 * become comments by name@host (held like a visitor's for a link or a watched word, edited, deleted, stored once),
 * replies to a pending item are refused, likes count once and Undo takes them back, a Flag is a report naming its
 * reporter, a banned account is ignored, a member's comment goes out as a reply, the Delete of an actor removes what it
 * left, and a blocked server is refused (403, its Follow rejected). Refusals of bad signatures change nothing.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { Create, Delete, Flag, Like, Note, PUBLIC_COLLECTION, Reject, Update } from "@fedify/vocab";
import { createMedia, createUser, loginCookie, until } from "./_helpers.ts";
import { startPeer } from "./_fedi_peer.ts";
import { startFederatedServer } from "./_federation.ts";
import { comments, media, remoteActors, remoteFollows, remoteLikes, reports } from "../db/schema/mod.ts";
import { SUBSCRIBE_REL } from "../lib/federation/remote_follow.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test("[federation] replies, likes, reports, bans and blocks from a real Fedify peer", opts, async (t) => {
  const server = await startFederatedServer({ RATE_COMMENTS_PER_USER: "1000" });
  const peer = await startPeer({ actors: ["alice", "bob", "carol", "dave"] });
  try {
    const { db, origin, api, settled } = server;
    const admin = await createUser(db, { username: "fed_in_admin", isAdmin: true });
    const adminCookie = await loginCookie(db, admin.id);
    const mia = await createUser(db, { username: "mia_frames" });
    const kai = await createUser(db, { username: "kai_loops" });
    const kaiCookie = await loginCookie(db, kai.id);
    // Approved once alice follows mia (the first step): an item goes out to the followers it has when it becomes public.
    const item = await createMedia(db, { userId: mia.id, title: "Neon tide", reviewStatus: "pending", categoryId: 1 });
    const pending = await createMedia(db, { userId: mia.id, title: "Not yet", reviewStatus: "pending", categoryId: 1 });
    const actorUrl = new URL(`${origin}/user/${mia.id}`);
    const itemUri = new URL(`${origin}/media/${item.id}`);
    const handle = (name: string) => `${name}@${peer.host}`;

    /** Every Fedify task queued so far has run (inbox activities and deliveries), so "nothing changed" is a fact. */
    let seq = 0;
    const note = (from: string, replyTo: URL, content: string, id = `${peer.origin}/notes/${++seq}`) =>
      new Note({ id: new URL(id), attribution: peer.actorUri(from), content, replyTarget: replyTo, to: PUBLIC_COLLECTION, cc: actorUrl });
    const create = (from: string, n: Note) =>
      new Create({ id: new URL(`${n.id!.href}/create`), actor: peer.actorUri(from), object: n, to: PUBLIC_COLLECTION });
    const commentsOf = (mediaId: number) => db.select().from(comments).where(eq(comments.mediaId, mediaId)).all();
    const itemRow = async () => (await db.select().from(media).where(eq(media.id, item.id)).get())!;

    await t.step("alice follows the owner, and the item, approved, is sent out", async () => {
      await peer.send("alice", actorUrl, peer.follow("alice", actorUrl));
      await until(async () => (await db.select().from(remoteFollows).all()).length === 1, 60_000, "alice's follow");
      await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
      await until(async () => (await itemRow()).federatedAt !== null, 60_000, "the item's Create");
      await peer.waitFor((r) => r.activity instanceof Create, 60_000, "the item's Create at the peer");
    });

    let aliceNote: Note;
    await t.step("Create(Note) replying to the item: a comment by name@host, its HTML reduced to text, stored once", async () => {
      aliceNote = note(
        "alice",
        itemUri,
        `<p><span class="h-card"><a href="${actorUrl.href}" class="u-url mention">@<span>mia_frames</span></a></span> Lovely &amp; calm<br>loop</p>`,
      );
      await peer.send("alice", actorUrl, create("alice", aliceNote));
      await until(async () => (await commentsOf(item.id)).length === 1, 60_000, "alice's reply");
      const [row] = await commentsOf(item.id);
      assert.equal(row.username, handle("alice"));
      assert.equal(row.content, "Lovely & calm\nloop");
      assert.equal(row.userId, null);
      assert.equal(row.status, "shown");
      assert.equal(row.apId, aliceNote.id!.href);
      const actor = (await db.select().from(remoteActors).where(eq(remoteActors.id, row.remoteActorId!)).get())!;
      assert.equal(actor.uri, peer.actorUri("alice").href);
      assert.equal((await itemRow()).commentCount, 1);
      // The same Note again (a redelivery): still one comment.
      await peer.send("alice", actorUrl, create("alice", aliceNote), { shared: true });
      await settled();
      assert.equal((await commentsOf(item.id)).length, 1);
      const res = await api(`/api/videos/${item.id}/comments`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      const [listed] = await res.json();
      const alice = (await db.select().from(remoteActors).where(eq(remoteActors.uri, peer.actorUri("alice").href)).get())!;
      assert.deepEqual(listed.remote, { id: alice.id, handle: handle("alice"), url: `${peer.origin}/@alice` });
      assert.equal(listed.username, handle("alice"));
      const page = await (await api(`/media/${item.id}`, { cookie: "x=1" })).text();
      assert.ok(page.includes(handle("alice")) && page.includes("Lovely &amp; calm"), "the media page names the author");
    });

    await t.step("a reply to a comment is stored on its item; a link or a watched word holds a reply for review", async () => {
      const [first] = await commentsOf(item.id);
      await api("/api/admin/watched-words", { method: "POST", cookie: adminCookie, json: { word: "spamword" } });
      await peer.send(
        "bob",
        actorUrl,
        create("bob", note("bob", new URL(`${itemUri.href}#comment-${first.id}`), "<p>Agreed with alice</p>")),
      );
      await peer.send("bob", actorUrl, create("bob", note("bob", itemUri, '<p>see <a href="https://elsewhere.example/x">this</a></p>')));
      await peer.send("carol", actorUrl, create("carol", note("carol", itemUri, "<p>buy SPAMWORD now</p>")));
      await until(async () => (await commentsOf(item.id)).length === 4, 60_000, "three more replies");
      const rows = await commentsOf(item.id);
      const by = (content: string) => rows.find((r) => r.content === content)!;
      assert.equal(by("Agreed with alice").status, "shown");
      assert.equal(by("see this").status, "held");
      assert.equal(by("see this").heldReason, "link");
      assert.equal(by("buy SPAMWORD now").heldReason, "word:spamword");
      assert.equal((await itemRow()).commentCount, 2);
      const listed = await (await api(`/api/videos/${item.id}/comments`)).json();
      assert.deepEqual(listed.map((c: { content: string }) => c.content).sort(), ["Agreed with alice", "Lovely & calm\nloop"]);
    });

    await t.step("Update edits the reply, from its author only; Delete removes it", async () => {
      const edited = note("alice", itemUri, "<p>Lovely, edited</p>", aliceNote.id!.href);
      const update = new Update({ id: new URL(`${aliceNote.id!.href}/update`), actor: peer.actorUri("alice"), object: edited });
      await peer.send("alice", actorUrl, update);
      await until(async () => (await commentsOf(item.id)).some((c) => c.content === "Lovely, edited"), 60_000, "the edit");
      // Bob cannot delete alice's reply.
      await peer.send(
        "bob",
        actorUrl,
        new Delete({ id: new URL(`${peer.origin}/d/1`), actor: peer.actorUri("bob"), object: aliceNote.id! }),
      );
      await settled();
      assert.ok((await commentsOf(item.id)).some((c) => c.apId === aliceNote.id!.href));
      await peer.send(
        "alice",
        actorUrl,
        new Delete({ id: new URL(`${peer.origin}/d/2`), actor: peer.actorUri("alice"), object: aliceNote.id! }),
      );
      await until(async () => !(await commentsOf(item.id)).some((c) => c.apId === aliceNote.id!.href), 60_000, "the Delete");
      assert.equal((await itemRow()).commentCount, 1);
    });

    await t.step("replies to a pending item or to no item of ours are refused: nothing stored", async () => {
      const before = (await db.select().from(comments).all()).length;
      await peer.send("alice", actorUrl, create("alice", note("alice", new URL(`${origin}/media/${pending.id}`), "<p>early</p>")));
      await peer.send("alice", actorUrl, create("alice", note("alice", new URL(`${origin}/media/999999`), "<p>nothing</p>")));
      await peer.send("alice", actorUrl, create("alice", note("alice", new URL(`${peer.origin}/notes/elsewhere`), "<p>far</p>")));
      await settled();
      assert.equal((await db.select().from(comments).all()).length, before);
    });

    await t.step("unsigned, badly signed and other-actor-signed replies get 401 and change nothing", async () => {
      const before = (await db.select().from(comments).all()).length;
      const forged = create("alice", note("alice", itemUri, "<p>forged</p>"));
      for (const how of ["unsigned", "tampered", "otherKey"] as const) {
        const res = await peer.postRaw(new URL(`${actorUrl.href}/inbox`), forged, how);
        assert.equal(res.status, 401, how);
        await res.body?.cancel();
      }
      await settled();
      assert.equal((await db.select().from(comments).all()).length, before);
    });

    await t.step("Like counts once per account (liking twice changes nothing); Undo takes it back", async () => {
      const like = new Like({ id: new URL(`${peer.origin}/likes/1`), actor: peer.actorUri("alice"), object: itemUri });
      await peer.send("alice", actorUrl, like);
      await until(async () => (await itemRow()).likes === 1, 60_000, "the like");
      await peer.send(
        "alice",
        actorUrl,
        new Like({ id: new URL(`${peer.origin}/likes/2`), actor: peer.actorUri("alice"), object: itemUri }),
      );
      await settled();
      assert.equal((await itemRow()).likes, 1);
      assert.equal((await db.select().from(remoteLikes).all()).length, 1);
      const liked = await (await api(`/api/videos/${item.id}`)).json();
      assert.equal(liked.likes ?? liked.likeCount ?? liked.like_count, 1);
      await peer.send("alice", actorUrl, peer.undo("alice", like));
      await until(async () => (await itemRow()).likes === 0, 60_000, "the Undo(Like)");
      assert.equal((await db.select().from(remoteLikes).all()).length, 0);
    });

    await t.step("Flag: a report in the Reported tab naming name@host with their words, never counted toward hiding", async () => {
      const flag = new Flag({
        id: new URL(`${peer.origin}/flags/1`),
        actor: peer.actorUri("bob"),
        objects: [actorUrl, itemUri],
        content: "Stolen <b>art</b>",
      });
      await peer.send("bob", actorUrl, flag);
      await until(async () => (await db.select().from(reports).all()).length === 1, 60_000, "the report");
      const [report] = await db.select().from(reports).all();
      assert.equal(report.mediaId, item.id);
      assert.equal(report.details, "Stolen art");
      assert.equal(report.userId, null);
      assert.equal((await itemRow()).openReports, 0);
      const res = await api("/api/admin/content/reported", { cookie: adminCookie });
      assert.equal(res.status, 200);
      const [reported] = await res.json();
      assert.equal(reported.id, item.id);
      assert.deepEqual(reported.reports[0].remote, { handle: handle("bob"), url: `${peer.origin}/@bob` });
      assert.equal(reported.reports[0].details, "Stolen art");
      assert.equal(reported.reports[0].visitor, false);
    });

    await t.step("a banned remote account's activities are ignored", async () => {
      await peer.send(
        "dave",
        actorUrl,
        new Like({ id: new URL(`${peer.origin}/likes/d1`), actor: peer.actorUri("dave"), object: itemUri }),
      );
      await until(async () => (await itemRow()).likes === 1, 60_000, "dave's like");
      const dave = (await db.select().from(remoteActors).where(eq(remoteActors.uri, peer.actorUri("dave").href)).get())!;
      const ban = await api(`/api/admin/federation/actors/${dave.id}/ban`, { method: "POST", cookie: adminCookie });
      assert.equal(ban.status, 200);
      await peer.send("dave", actorUrl, create("dave", note("dave", itemUri, "<p>banned words</p>")));
      await settled();
      assert.ok(!(await db.select().from(comments).all()).some((c) => c.content === "banned words"));
    });

    await t.step("a member's comment on the item goes to the owner's followers as a reply, and to the author it answers", async () => {
      const res = await api(`/api/videos/${item.id}/comments`, {
        method: "POST",
        cookie: kaiCookie,
        json: { content: `@${handle("bob")} thanks for this` },
      });
      assert.equal(res.status, 201);
      const { id } = await res.json();
      const got = await peer.waitFor(
        (r) => r.activity instanceof Create && r.json.object !== undefined && JSON.stringify(r.json.object).includes("thanks for this"),
        60_000,
        "kai's reply",
      );
      const sent = await (got.activity as Create).getObject({
        contextLoader: peer.context.contextLoader,
        documentLoader: peer.context.documentLoader,
      });
      assert.ok(sent instanceof Note);
      assert.equal(sent.id?.href, `${origin}/media/${item.id}#comment-${id}`);
      assert.equal(sent.attributionId?.href, `${origin}/user/${kai.id}`);
      const bobNote = (await commentsOf(item.id)).find((c) => c.content === "Agreed with alice")!.apId;
      assert.equal(sent.replyTargetId?.href, bobNote);
      assert.ok(sent.content?.toString().includes('class="u-url mention"'));
    });

    await t.step("Delete of an actor: its follows, likes and comments go", async () => {
      const bob = (await db.select().from(remoteActors).where(eq(remoteActors.uri, peer.actorUri("bob").href)).get())!;
      await peer.send("bob", actorUrl, peer.follow("bob", actorUrl));
      await peer.send("bob", actorUrl, new Like({ id: new URL(`${peer.origin}/likes/b1`), actor: peer.actorUri("bob"), object: itemUri }));
      await until(async () => (await itemRow()).likes === 2, 60_000, "bob's like");
      await peer.send(
        "bob",
        actorUrl,
        new Delete({ id: new URL(`${peer.origin}/d/bob`), actor: peer.actorUri("bob"), object: peer.actorUri("bob") }),
      );
      await until(async () => !(await db.select().from(remoteActors).where(eq(remoteActors.id, bob.id)).get()), 60_000, "bob's Delete");
      assert.equal((await db.select().from(comments).where(eq(comments.remoteActorId, bob.id)).all()).length, 0);
      assert.equal((await db.select().from(remoteFollows).where(eq(remoteFollows.remoteActorId, bob.id)).all()).length, 0);
      assert.equal((await itemRow()).likes, 1);
    });

    await t.step("Follow from your server: the peer's subscribe template for our member", async () => {
      peer.federation.setWebFingerLinksDispatcher(
        () => [{ rel: SUBSCRIBE_REL, template: `${peer.origin}/authorize_interaction?uri={uri}` }],
      );
      const res = await api("/api/federation/remote-follow", {
        method: "POST",
        json: { username: "MIA_FRAMES", account: `@alice@${peer.host}` },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { url: `${peer.origin}/authorize_interaction?uri=${encodeURIComponent(actorUrl.href)}` });
      const bad = await api("/api/federation/remote-follow", { method: "POST", json: { username: "mia_frames", account: "alice" } });
      assert.equal(bad.status, 400);
      assert.equal((await bad.json()).error, "Enter your fediverse address, like name@mastodon.example");
      const nobody = await api("/api/federation/remote-follow", {
        method: "POST",
        json: { username: "nobody_here", account: `alice@${peer.host}` },
      });
      assert.equal(nobody.status, 404);
      await nobody.body?.cancel();
      const closed = await api("/api/federation/remote-follow", {
        method: "POST",
        json: { username: "mia_frames", account: "alice@127.0.0.9:9" },
      });
      assert.equal(closed.status, 422);
      assert.equal((await closed.json()).error, "Your server could not be reached");
      const wrongType = await api("/api/federation/remote-follow", {
        method: "POST",
        body: "account=x",
        headers: { "content-type": "text/plain" },
      });
      assert.equal(wrongType.status, 415);
      await wrongType.body?.cancel();
    });

    await t.step("a blocked server: its activities get 403 and change nothing, its Follow gets Reject", async () => {
      const block = await api("/api/admin/federation/blocks", {
        method: "POST",
        cookie: adminCookie,
        json: { domain: "127.0.0.3", reason: "test" },
      });
      assert.equal(block.status, 201);
      assert.equal((await db.select().from(remoteFollows).all()).length, 0, "alice's follow went with the block");
      const res = await peer.postRaw(
        new URL(`${actorUrl.href}/inbox`),
        create("carol", note("carol", itemUri, "<p>after the block</p>")),
        "signed",
      );
      assert.equal(res.status, 403);
      assert.equal((await res.json()).error, "This server is blocked here");
      await peer.send("carol", actorUrl, peer.follow("carol", actorUrl));
      const rejected = await peer.waitFor((r) => r.activity instanceof Reject, 60_000, "the Reject");
      assert.equal(rejected.activity.actorId?.href, actorUrl.href);
      await settled();
      assert.equal((await db.select().from(remoteFollows).all()).length, 0);
      assert.ok(!(await db.select().from(comments).all()).some((c) => c.content === "after the block"));
      assert.equal((await db.select().from(comments).where(sql`${comments.remoteActorId} IS NOT NULL`).all()).length, 0);
    });
  } finally {
    await peer.close();
    await server.shutdown();
  }
});
