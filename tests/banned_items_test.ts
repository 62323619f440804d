/**
 * Issue 31 point 9, decision 028: a banned member's items leave every public place while the ban
 * lasts (pages, embeds, oEmbed, feeds, search, the home feed, files) as their profile does, and come
 * back on unban; an item reports had hidden stays hidden; the owner's admins still see them.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { createMedia, createUser, json, loginCookie, makeTestEnv, ORIGIN, TRUSTED } from "./_helpers.ts";
import { jpeg } from "./_media_fixtures.ts";
import { newKey } from "../lib/media/storage.ts";

Deno.test("[moderation] a ban hides the member's items from every public place; an unban shows them again", async () => {
  await using env = await makeTestEnv({ REPORT_HIDE_THRESHOLD: "1" });
  const { db, request, config } = env;
  const admin = await createUser(db, { isAdmin: true });
  const adminCookie = await loginCookie(db, admin.id);
  const member = await createUser(db, { username: "soon_banned" });
  const other = await createUser(db, { username: "stays_public" });
  const reporter = await createUser(db, TRUSTED);
  const fileKey = newKey("i", "jpg");
  await Deno.mkdir(`${config.uploadsDir}/i`, { recursive: true });
  await Deno.writeFile(`${config.uploadsDir}/${fileKey}`, await jpeg({ width: 64, height: 48 }));
  const theirs = await createMedia(db, { userId: member.id, title: "Harbour at dusk", fileKey, width: 64, height: 48 });
  const reported = await createMedia(db, { userId: member.id, title: "Harbour reported" });
  const dismissed = await createMedia(db, { userId: member.id, title: "Harbour dismissed" });
  const kept = await createMedia(db, { userId: other.id, title: "Harbour kept" });
  const reportCookie = await loginCookie(db, reporter.id);
  for (const item of [reported, dismissed]) {
    assert.equal((await request("/api/reports", { cookie: reportCookie, json: { videoId: item.id, reason: "other" } })).status, 201);
  }
  const hidden = async (id: number) => (await db.select({ hidden: media.hidden }).from(media).where(eq(media.id, id)).get())?.hidden;

  const page = `/media/${mediaSlug(theirs.title, theirs.id)}`;
  const oembed = `/oembed?url=${encodeURIComponent(`${ORIGIN}${page}`)}&format=xml`;
  /** What the public sees of the member's item, place by place. */
  async function seen() {
    const text = async (path: string) => await (await request(path)).text();
    const feed = await json(await request("/api/content/feed?page=1&columnCount=2&sortBy=newest"));
    const inFeed = [...feed.content.videos, ...feed.content.images].map((i: { id: number }) => i.id);
    const search = (await json(await request("/api/search?q=harbour"))).map((i: { id: number }) => i.id);
    assert.ok(inFeed.includes(kept.id) && search.includes(kept.id), "the other member's item stays");
    assert.ok(!inFeed.includes(reported.id) && !search.includes(reported.id), "the reported item stays hidden");
    return {
      page: (await request(page)).status,
      embed: (await request(`/embed/${theirs.id}`)).status,
      api: (await request(`/api/videos/${theirs.id}`)).status,
      file: (await request(`/uploads/${fileKey}`)).status,
      oembed: (await request(oembed)).status,
      feedsLatest: (await text("/feeds/latest.xml")).includes("Harbour at dusk"),
      feedsAtom: (await text("/feeds/latest.xml?format=atom")).includes("Harbour at dusk"),
      home: (await text("/?sortBy=newest")).includes("Harbour at dusk"),
      searchPage: (await text("/search?q=harbour")).includes("Harbour at dusk"),
      feed: inFeed.includes(theirs.id),
      search: search.includes(theirs.id),
      profile: (await request("/user/soon_banned")).status,
    };
  }
  const visible = {
    page: 200,
    embed: 200,
    api: 200,
    file: 200,
    oembed: 200,
    feedsLatest: true,
    feedsAtom: true,
    home: true,
    searchPage: true,
    feed: true,
    search: true,
    profile: 200,
  };
  assert.deepEqual(await seen(), visible);

  assert.equal((await json(await request(`/api/admin/users/${member.id}`, { method: "POST", cookie: adminCookie }))).user.banned, true);
  assert.deepEqual(await seen(), {
    page: 404,
    embed: 404,
    api: 404,
    file: 404,
    oembed: 404,
    feedsLatest: false,
    feedsAtom: false,
    home: false,
    searchPage: false,
    feed: false,
    search: false,
    profile: 404,
  });
  // Admins still see it (and moderate it) while the ban lasts.
  assert.equal((await request(`/api/videos/${theirs.id}`, { cookie: adminCookie })).status, 200);
  // Dismissing the reports of a banned member's item does not show it.
  await json(await request(`/api/admin/content/${dismissed.id}/dismiss-reports`, { method: "POST", cookie: adminCookie }));
  assert.equal(await hidden(dismissed.id), true);
  assert.equal((await request(`/api/videos/${dismissed.id}`)).status, 404);

  assert.equal((await json(await request(`/api/admin/users/${member.id}`, { method: "POST", cookie: adminCookie }))).user.banned, false);
  // Back: the item, and the one whose reports were dismissed; the reported one stays hidden.
  assert.equal(await hidden(dismissed.id), false);
  assert.equal((await request(`/api/videos/${dismissed.id}`)).status, 200);
  assert.equal(await hidden(reported.id), true);
  assert.deepEqual(await seen(), visible);
});

Deno.test("[moderation] an item a banned member's row gets while banned is hidden too (any writer)", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  await env.db.client.execute({ sql: "UPDATE users SET banned = 1 WHERE id = ?", args: [member.id] });
  const item = await createMedia(env.db, { userId: member.id, title: "Written while banned" });
  assert.equal((await env.db.select({ hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get())?.hidden, true);
  await env.db.client.execute({ sql: "UPDATE users SET banned = 0 WHERE id = ?", args: [member.id] });
  assert.equal((await env.db.select({ hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get())?.hidden, false);
});
