/**
 * Issue 40 point 3 against a real Fedify peer (tests/_fedi_peer.ts): an approval reaches a remote
 * follower as Create(Note) in the shape Mastodon 4 reads; an edit sends Update; a deletion Delete,
 * after which the object answers 410; pending, rejected and hidden items never leave the site; the
 * attachment is the largest WebP of an image, the largest H.264 rendition up to 720p under 40 MB of
 * a video, or the poster alone.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Accept, Create, Delete, Hashtag, Image, Note, PUBLIC_COLLECTION, Update, Video } from "@fedify/vocab";
import { createMedia, createUser, loginCookie } from "./_helpers.ts";
import { startPeer } from "./_fedi_peer.ts";
import { AP, startFederatedServer } from "./_federation.ts";
import { media } from "../db/schema/mod.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const webps = JSON.stringify([
  { k: "p/a_480.webp", w: 480, h: 270, b: 1000 },
  { k: "p/a_960.webp", w: 960, h: 540, b: 3000 },
]);

Deno.test(
  "[federation] approval -> Create(Note) at the follower's server, edit -> Update, delete -> Delete and 410; unpublished items never leave",
  opts,
  async (t) => {
    const server = await startFederatedServer({ SITE_NAME: "Dreamreel Test" });
    const peer = await startPeer();
    try {
      const { db, origin } = server;
      const admin = await createUser(db, { isAdmin: true });
      const adminCookie = await loginCookie(db, admin.id);
      const mia = await createUser(db, { username: "mia_frames" });
      const actorUrl = new URL(`${origin}/user/${mia.id}`);
      await peer.send("alice", actorUrl, peer.follow("alice", actorUrl));
      await peer.waitFor((r) => r.activity instanceof Accept, 60_000, "the Accept");
      const loaders = { documentLoader: peer.context.documentLoader, contextLoader: peer.context.contextLoader };

      const pending = await createMedia(db, { userId: mia.id, title: "Still pending", reviewStatus: "pending", fileKey: "p/x.png" });
      const rejected = await createMedia(db, { userId: mia.id, title: "Turned down", reviewStatus: "rejected", fileKey: "p/y.png" });
      const hidden = await createMedia(db, { userId: mia.id, title: "Hidden", reviewStatus: "approved", hidden: true, fileKey: "p/z.png" });
      const item = await createMedia(db, {
        userId: mia.id,
        title: "Neon <koi> & rain",
        description: "Made at night.\nSecond line",
        tags: "koi, neon",
        reviewStatus: "pending",
        fileKey: "p/a.png",
        sources: webps,
      });
      const noteUrl = `${origin}/media/${item.id}`;

      let create!: Create;
      await t.step("approval through the admin API delivers Create(Note) with Mastodon's properties", async () => {
        const res = await fetch(`${origin}/api/admin/content/${item.id}/approve`, {
          method: "POST",
          headers: { cookie: `${adminCookie}; dr_age=1`, origin },
        });
        assert.equal(res.status, 200, await res.clone().text());
        await res.body?.cancel();
        const got = await peer.waitFor((r) => r.activity instanceof Create, 60_000, "the Create");
        create = got.activity as Create;
        assert.equal(got.inbox, "shared", "delivered to the shared inbox");
        assert.equal(create.actorId?.href, actorUrl.href);
        const note = await create.getObject(loaders);
        assert.ok(note instanceof Note);
        assert.equal(note.id?.href, noteUrl);
        assert.equal(note.attributionId?.href, actorUrl.href);
        assert.deepEqual(note.toIds.map(String), [PUBLIC_COLLECTION.href]);
        assert.deepEqual(note.ccIds.map(String), [`${actorUrl.href}/followers`]);
        assert.equal(note.sensitive, true);
        assert.equal(note.summary?.toString(), "Dreamreel Test: adult AI-generated media (18+)");
        const content = note.content!.toString();
        assert.match(content, /<strong>Neon &lt;koi&gt; &amp; rain<\/strong>/);
        assert.match(content, /<p>Made at night\.<br>Second line<\/p>/);
        assert.ok(content.includes(`href="${origin}/media/neon-koi-rain-${item.id}"`), "a link to the page");
        assert.ok(!content.includes("<koi>"), "the title escaped");
        const [att] = await Array.fromAsync(note.getAttachments(loaders));
        assert.ok(att instanceof Image);
        assert.equal((att.url as URL).href, `${origin}/uploads/p/a_960.webp`);
        assert.equal(att.mediaType, "image/webp");
        assert.equal(att.width, 960);
        assert.equal(att.height, 540);
        assert.equal(att.name?.toString(), "Neon <koi> & rain");
        const tags = await Array.fromAsync(note.getTags(loaders));
        assert.deepEqual(tags.map((h) => (h as Hashtag).name?.toString()), ["#koi", "#neon"]);
        const [row] = await db.select({ at: media.federatedAt }).from(media).where(eq(media.id, item.id));
        assert.ok(row.at, "the item is stamped as sent");
      });

      await t.step("the object URL: Note JSON to ActivityPub clients, the media page to browsers; unpublished items 404", async () => {
        const res = await fetch(noteUrl, { headers: AP });
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /activity\+json/);
        const note = await Note.fromJsonLd(await res.json(), loaders);
        assert.equal(note.id?.href, noteUrl);
        const html = await fetch(noteUrl, { headers: { accept: "text/html", cookie: "dr_age=1" }, redirect: "manual" });
        assert.ok([200, 301].includes(html.status), String(html.status));
        assert.match(html.headers.get("content-type") ?? html.headers.get("location") ?? "", /text\/html|\/media\//);
        await html.body?.cancel();
        for (const other of [pending, rejected, hidden]) {
          const miss = await fetch(`${origin}/media/${other.id}`, { headers: AP });
          assert.equal(miss.status, 404, other.title);
          assert.deepEqual(await miss.json(), { error: "Not found" });
        }
      });

      await t.step("an edit sends Update with the new text", async () => {
        await db.update(media).set({ title: "Neon koi, retold" }).where(eq(media.id, item.id));
        const got = await peer.waitFor((r) => r.activity instanceof Update, 60_000, "the Update");
        const note = await (got.activity as Update).getObject(loaders);
        assert.ok(note instanceof Note);
        assert.equal(note.id?.href, noteUrl);
        assert.match(note.content!.toString(), /Neon koi, retold/);
      });

      await t.step("deletion sends Delete; the object then answers 410 with a Tombstone", async () => {
        await db.delete(media).where(eq(media.id, item.id));
        const got = await peer.waitFor((r) => r.activity instanceof Delete, 60_000, "the Delete");
        assert.equal((got.activity as Delete).objectId?.href, noteUrl);
        const res = await fetch(noteUrl, { headers: AP });
        assert.equal(res.status, 410);
        const body = await res.json();
        assert.equal(body.type, "Tombstone");
        assert.equal(body.id, noteUrl);
      });

      await t.step("hiding a sent item sends Delete too; pending, rejected and hidden items were never delivered", async () => {
        const again = await createMedia(db, {
          userId: mia.id,
          title: "Second",
          reviewStatus: "pending",
          fileKey: "p/b.png",
          sources: webps,
        });
        await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, again.id));
        await peer.waitFor((r) =>
          r.activity instanceof Create && r.json.object !== undefined && JSON.stringify(r.json).includes(`/media/${again.id}`)
        );
        await db.update(media).set({ hidden: true }).where(eq(media.id, again.id));
        await peer.waitFor((r) => r.activity instanceof Delete && (r.activity as Delete).objectId?.href === `${origin}/media/${again.id}`);
        const gone = await fetch(`${origin}/media/${again.id}`, { headers: AP });
        assert.equal(gone.status, 410);
        await gone.body?.cancel();
        const sent = JSON.stringify(peer.received.map((r) => r.json));
        for (const other of [pending, rejected, hidden]) assert.ok(!sent.includes(`/media/${other.id}"`), `${other.title} never left`);
        assert.equal(peer.received.filter((r) => r.activity instanceof Create).length, 2);
      });
    } finally {
      await peer.close();
      await server.shutdown();
    }
  },
);

Deno.test(
  "[federation] a video's attachment: the largest rendition up to 720p under 40 MB with its poster, else the poster alone",
  opts,
  async () => {
    const server = await startFederatedServer();
    try {
      const { db, origin } = server;
      const mia = await createUser(db);
      const sources = (big: number) =>
        JSON.stringify([
          { k: "v/a_360.mp4", h: 360, b: 1_000_000, fw: 640, fh: 360 },
          { k: "v/a_720.mp4", h: 720, b: big, fw: 1280, fh: 720 },
          { k: "v/a_1080.mp4", h: 1080, b: 9_000_000, fw: 1920, fh: 1080 },
        ]);
      const video = await createMedia(db, {
        userId: mia.id,
        title: "Clip",
        contentType: "video",
        fileKey: "v/a.mp4",
        thumbnailKey: "v/a.jpg",
        sources: sources(5_000_000),
      });
      const note = await Note.fromJsonLd(await (await fetch(`${origin}/media/${video.id}`, { headers: AP })).json());
      const [att] = await Array.fromAsync(note.getAttachments());
      assert.ok(att instanceof Video);
      assert.equal((att.url as URL).href, `${origin}/uploads/v/a_720.mp4`);
      assert.equal(att.mediaType, "video/mp4");
      assert.deepEqual([att.width, att.height], [1280, 720]);
      assert.equal(att.name?.toString(), "Clip");
      const icon = await att.getIcon();
      assert.equal((icon?.url as URL).href, `${origin}/uploads/v/a.jpg`);

      const long = await createMedia(db, {
        userId: mia.id,
        title: "Long",
        contentType: "video",
        fileKey: "v/b.mp4",
        thumbnailKey: "v/b.jpg",
        sources: sources(50_000_000),
      });
      const note2 = await Note.fromJsonLd(await (await fetch(`${origin}/media/${long.id}`, { headers: AP })).json());
      const [att2] = await Array.fromAsync(note2.getAttachments());
      assert.ok(att2 instanceof Video);
      assert.equal((att2.url as URL).href, `${origin}/uploads/v/a_360.mp4`, "the largest that fits: 360p");
      await db.update(media).set({ sources: JSON.stringify([{ k: "v/b_720.mp4", h: 720, b: 50_000_000 }]) }).where(eq(media.id, long.id));
      const note3 = await Note.fromJsonLd(await (await fetch(`${origin}/media/${long.id}`, { headers: AP })).json());
      const [att3] = await Array.fromAsync(note3.getAttachments());
      assert.ok(att3 instanceof Image, "the poster alone");
      assert.equal((att3.url as URL).href, `${origin}/uploads/v/b.jpg`);
      assert.match(note3.content!.toString(), new RegExp(`${origin}/media/long-${long.id}`));
    } finally {
      await server.shutdown();
    }
  },
);
