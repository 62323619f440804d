/**
 * Tag mutes fold case by Unicode's rules (issue 25 follow-up): SQLite's lower() folds ASCII only, so
 * media_tags holds "Élan" for a tag typed "Élan"; migration 0013's tag_folds lists such tags and the
 * app folds them with common/format.ts foldTag, the function the mute itself is folded with. Feed,
 * search, the profile grid and the related list (kept ids and notMutedBy alike) must agree.
 */
import assert from "node:assert/strict";
import { foldTag } from "../common/format.ts";
import { createMedia, createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";

type Item = { id: number };
const idsOf = (items: Item[]) => items.map((i) => i.id).sort((a, b) => a - b);

Deno.test("[common] foldTag folds non-ASCII upper case, a leading # and NFD the same way", () => {
  assert.equal(foldTag("#Élan "), "élan");
  assert.equal(foldTag("ÉLAN"), "élan");
  assert.equal(foldTag("E\u0301LAN"), "élan"); // NFD input
  assert.equal(foldTag("Ünïcode"), "ünïcode");
  assert.equal(foldTag("ΣΟΦΊΑ"), "σοφία".normalize("NFC").replace(/ς$/, "ς"));
  assert.notEqual(foldTag("elan"), foldTag("élan"), "accents are kept: élan is not elan");
});

Deno.test("[api] a mute of 'élan', 'ÉLAN' or 'Ünïcode' hides items tagged 'Élan', 'ÉLAN', 'ünïcode' in feed, search, profile and related", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const owner = await createUser(env.db, { username: "accent_owner" });
  const cookie = await loginCookie(env.db, me.id);
  const t0 = Date.now() - 1_000_000;
  const tagSets = ["sea, Élan", "ÉLAN", "sea, élan", "#Ünïcode", "ünïcode, sea", "sea, elan", "sea", "Élans, sea"];
  const hiddenBy = [true, true, true, true, true, false, false, false];
  const ids: number[] = [];
  for (let i = 0; i < tagSets.length; i++) {
    ids.push(
      (await createMedia(env.db, {
        userId: owner.id,
        title: `harbour ${i}`,
        tags: tagSets[i],
        categoryId: 1,
        createdAt: t0 + i * 1000,
      })).id,
    );
  }
  const kept = ids.filter((_, i) => !hiddenBy[i]).sort((a, b) => a - b);
  // The trigger listed the non-ASCII tags (as SQLite lower()ed them), not yet folded.
  const listed = (await env.db.client.execute("SELECT tag, folded FROM tag_folds")).rows.map((r) => `${r.tag}:${r.folded}`).sort();
  assert.deepEqual(listed, ["Élan:null", "Élans:null", "Ünïcode:null", "élan:null", "ünïcode:null"].sort());

  // The mutes are typed in other cases than the tags.
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "ÉLAN" } }), 201);
  assert.equal((await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "#élan" } })).status, 200, "the same mute");
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "ÜNÏCODE" } }), 201);
  await json(await env.request("/api/user/mutes", { cookie, json: { type: "tag", value: "øresund" } }), 201); // no item has it yet
  assert.deepEqual((await json(await env.request("/api/user/mutes", { cookie }))).map((m: { value: string }) => m.value), [
    "élan",
    "øresund",
    "ünïcode",
  ]);

  const feed = await json(await env.request("/api/content/feed?page=1&columnCount=3&sortBy=newest", { cookie }));
  assert.deepEqual(idsOf(feed.content.images), kept, "feed");
  assert.deepEqual(idsOf(await json(await env.request("/api/search?q=harbour", { cookie }))), kept, "search");
  const profile = await json(await env.request(`/api/users/${owner.id}/content?page=1&limit=48`, { cookie }));
  assert.deepEqual(idsOf(profile.content), kept, "profile grid (notMutedBy)");
  assert.deepEqual(idsOf(await json(await env.request(`/api/videos/${ids[6]}/related`, { cookie }))), kept.filter((id) => id !== ids[6]));
  // Every listed tag is folded now, by foldTag.
  const folded = (await env.db.client.execute("SELECT tag, folded FROM tag_folds")).rows;
  assert.ok(folded.every((r) => r.folded === foldTag(String(r.tag))), JSON.stringify(folded));

  // A new non-ASCII tag an admin writes later is listed by the trigger and folded before the next lookup.
  const admin = await loginCookie(env.db, (await createUser(env.db, { isAdmin: true })).id);
  await json(await env.request(`/api/videos/${ids[6]}`, { method: "PUT", cookie: admin, json: { tags: "ØRESUND, sea" } }));
  const after = await json(await env.request("/api/content/feed?page=1&columnCount=3&sortBy=newest", { cookie }));
  assert.deepEqual(idsOf(after.content.images), kept.filter((id) => id !== ids[6]), "an edited tag is hidden too");
  const grid = await json(await env.request(`/api/users/${owner.id}/content?page=1&limit=48`, { cookie }));
  assert.deepEqual(idsOf(grid.content), kept.filter((id) => id !== ids[6]));

  // A tag no item carries any more leaves tag_folds.
  await json(await env.request(`/api/videos/${ids[6]}`, { method: "PUT", cookie: admin, json: { tags: "sea" } }));
  const left = (await env.db.client.execute("SELECT tag FROM tag_folds")).rows.map((r) => String(r.tag)).sort();
  assert.deepEqual(left, ["Élan", "Élans", "Ünïcode", "élan", "ünïcode"].sort());

  // Other viewers see all of them.
  assert.equal((await json(await env.request("/api/search?q=harbour"))).length, tagSets.length);
});
