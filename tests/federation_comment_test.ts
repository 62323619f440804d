/**
 * Issue 40, a member's comments after the fact, against a real Fedify peer on 127.0.0.3 (ours on 127.0.0.2): a comment
 * held for a watched word leaves nothing until an admin approves it, then goes out as a Note replying to the item;
 * deleting a sent comment (by its writer, or an admin) sends Delete of that Note; a held one deleted sends nothing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Create, Delete, Note, Tombstone } from "@fedify/vocab";
import { createMedia, createUser, loginCookie, until } from "./_helpers.ts";
import { startPeer } from "./_fedi_peer.ts";
import { startFederatedServer } from "./_federation.ts";
import { comments, media, remoteFollows } from "../db/schema/mod.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test("[federation] a held member comment is sent on approval; a deleted sent comment is withdrawn", opts, async (t) => {
  const server = await startFederatedServer({ RATE_COMMENTS_PER_USER: "1000" });
  const peer = await startPeer({ actors: ["alice"] });
  try {
    const { db, origin, api, settled } = server;
    const admin = await createUser(db, { username: "fed_c_admin", isAdmin: true });
    const adminCookie = await loginCookie(db, admin.id);
    const mia = await createUser(db, { username: "mia_c" });
    const kai = await createUser(db, { username: "kai_c" });
    const kaiCookie = await loginCookie(db, kai.id);
    const item = await createMedia(db, { userId: mia.id, title: "Neon tide", reviewStatus: "pending", categoryId: 1 });
    const actorUrl = new URL(`${origin}/user/${mia.id}`);
    const noteId = (id: number) => `${origin}/media/${item.id}#comment-${id}`;
    const createsOf = (id: number) =>
      peer.received.filter((r) => r.activity instanceof Create && JSON.stringify(r.json).includes(noteId(id)));
    const deletesOf = (id: number) =>
      peer.received.filter((r) => r.activity instanceof Delete && JSON.stringify(r.json).includes(noteId(id)));
    const comment = async (content: string) => {
      const res = await api(`/api/videos/${item.id}/comments`, { method: "POST", cookie: kaiCookie, json: { content } });
      assert.equal(res.status, 201);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      return await res.json() as { id: number; status: string };
    };

    await t.step("alice follows the owner, and the item, approved, is sent out", async () => {
      await peer.send("alice", actorUrl, peer.follow("alice", actorUrl));
      await until(async () => (await db.select().from(remoteFollows).all()).length === 1, 60_000, "alice's follow");
      await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
      await until(
        async () => (await db.select().from(media).where(eq(media.id, item.id)).get())!.federatedAt !== null,
        60_000,
        "the Create",
      );
      await peer.waitFor((r) => r.activity instanceof Create, 60_000, "the item's Create at the peer");
    });

    let heldId = 0;
    await t.step("a comment held for a watched word leaves nothing; approved, it goes out as a reply to the item", async () => {
      const word = await api("/api/admin/watched-words", { method: "POST", cookie: adminCookie, json: { word: "glimmerword" } });
      assert.ok(word.status === 200 || word.status === 201);
      const held = await comment("a glimmerword worth a look");
      assert.equal(held.status, "held");
      heldId = held.id;
      await settled();
      assert.equal(createsOf(heldId).length, 0);
      const res = await api(`/api/admin/posts/comment/${heldId}/approve`, { method: "POST", cookie: adminCookie });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true, kind: "comment", id: heldId, status: "shown" });
      assert.equal((await db.select().from(comments).where(eq(comments.id, heldId)).get())!.status, "shown");
      const got = await peer.waitFor(
        (r) => r.activity instanceof Create && JSON.stringify(r.json).includes(noteId(heldId)),
        60_000,
        "the approved comment",
      );
      const note = await (got.activity as Create).getObject({
        contextLoader: peer.context.contextLoader,
        documentLoader: peer.context.documentLoader,
      });
      assert.ok(note instanceof Note);
      assert.equal(note.id?.href, noteId(heldId));
      assert.equal(note.attributionId?.href, `${origin}/user/${kai.id}`);
      assert.equal(note.replyTargetId?.href, `${origin}/media/${item.id}`);
      assert.ok(note.content?.toString().includes("glimmerword worth a look"));
    });

    await t.step("a held comment deleted by an admin sends nothing", async () => {
      const held = await comment("another glimmerword");
      assert.equal(held.status, "held");
      const res = await api(`/api/admin/posts/comment/${held.id}`, { method: "DELETE", cookie: adminCookie });
      assert.equal(res.status, 200);
      assert.equal((await db.select().from(comments).where(eq(comments.id, held.id)).all()).length, 0);
      await settled();
      assert.equal(createsOf(held.id).length + deletesOf(held.id).length, 0);
    });

    await t.step("the writer deletes a sent comment: Delete of its Note, from the writer", async () => {
      const shown = await comment("plain words");
      assert.equal(shown.status, undefined);
      await peer.waitFor((r) => r.activity instanceof Create && JSON.stringify(r.json).includes(noteId(shown.id)), 60_000, "its Create");
      const res = await api(`/api/videos/${item.id}/comments/${shown.id}`, { method: "DELETE", cookie: kaiCookie });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).success, true);
      assert.equal((await db.select().from(comments).where(eq(comments.id, shown.id)).all()).length, 0);
      const got = await peer.waitFor(
        (r) => r.activity instanceof Delete && JSON.stringify(r.json).includes(noteId(shown.id)),
        60_000,
        "its Delete",
      );
      const del = got.activity as Delete;
      assert.equal(del.actorId?.href, `${origin}/user/${kai.id}`);
      const gone = await del.getObject({ contextLoader: peer.context.contextLoader, documentLoader: peer.context.documentLoader });
      assert.ok(gone instanceof Tombstone);
      assert.equal(gone.id?.href, noteId(shown.id));
    });

    await t.step("an admin deletes the approved comment: Delete of its Note too; someone else's id is 403 and sends nothing", async () => {
      const other = await createUser(db, { username: "nosy_c" });
      const forbidden = await api(`/api/videos/${item.id}/comments/${heldId}`, {
        method: "DELETE",
        cookie: await loginCookie(db, other.id),
      });
      assert.equal(forbidden.status, 403);
      await settled();
      assert.equal(deletesOf(heldId).length, 0);
      const res = await api(`/api/admin/posts/comment/${heldId}`, { method: "DELETE", cookie: adminCookie });
      assert.equal(res.status, 200);
      await peer.waitFor(
        (r) => r.activity instanceof Delete && JSON.stringify(r.json).includes(noteId(heldId)),
        60_000,
        "the admin's Delete",
      );
      const missing = await api(`/api/admin/posts/comment/${heldId}`, { method: "DELETE", cookie: adminCookie });
      assert.equal(missing.status, 404);
      await settled();
      assert.equal(deletesOf(heldId).length, 1);
    });
  } finally {
    await peer.close();
    await server.shutdown();
  }
});
