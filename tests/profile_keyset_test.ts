/**
 * A profile's grid by keyset (issue 44): walking every page, by the API's `next` cursor, by the
 * page's Next links and by the old page numbers (deep ones answered from a kept key), gives the
 * SQL order of the whole list, with ties on created_at, items deleted and hidden mid-walk, and a
 * viewer whose mutes filter the grid. Bad cursors: 400 JSON from the API, the first page on the
 * page. A real server on a free port, its SQLite file, plain HTTP.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { AGE_COOKIE, createMedia, createUser, loginCookie, ORIGIN, startServer } from "./_helpers.ts";
import { PROFILE_MSG, PROFILE_PAGE_MAX, PROFILE_PAGE_SIZE } from "../common/profile_rules.ts";
import { contentChanged } from "../lib/http/content_version.ts";
import { encodeCursor, KEYSET_FROM_OFFSET } from "../lib/feed/profile_pages.ts";
import type { Db } from "../db/client.ts";

/** More items than the OFFSET pages reach, in runs of seven sharing one created_at. */
const ITEMS = KEYSET_FROM_OFFSET + 3 * PROFILE_PAGE_MAX + 17;
const TIE_RUN = 7;

type Page = { content: { id: number; userId: number }[]; totalCount: number; page: number; pageSize: number; next: string | null };

/** The whole grid in SQL's own order: what every walk must give. */
async function sqlOrder(db: Db, userId: number, mutedTag?: string): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`select id from media where user_id = ${userId} and review_status = 'approved'
    and hidden = 0 and playable = 1 ${
    mutedTag ? sql`and not exists (select 1 from media_tags t where t.media_id = media.id and t.tag = ${mutedTag})` : sql``
  }
    order by created_at desc, id desc`);
  return rows.map((r) => r.id);
}

/** The ids of the grid's cards, from the UserContent island's props. */
const cardIds = (html: string): number[] => {
  const m = /<script type="application\/json" data-island-props="UserContent">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]).items as { id: number }[]).map((i) => i.id) : [];
};

async function setup() {
  const server = await startServer();
  const db = server.db;
  const owner = await createUser(db, { username: "keyset_owner" });
  const other = await createUser(db, { username: "keyset_other" });
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ITEMS; i++) {
    await createMedia(db, {
      userId: owner.id,
      title: `Keyset ${i}`,
      tags: i % 4 === 0 ? "storm, sea" : "sea",
      createdAt: t0 + Math.floor(i / TIE_RUN) * 1000,
    });
  }
  // Not in the grid: another member's item, a pending one and a hidden one with the newest dates.
  await createMedia(db, { userId: other.id, title: "Other", createdAt: t0 + 9e9 });
  await createMedia(db, { userId: owner.id, title: "Pending", reviewStatus: "pending", createdAt: t0 + 9e9 });
  await createMedia(db, { userId: owner.id, title: "Hidden", hidden: true, createdAt: t0 + 9e9 });
  await createMedia(db, { userId: other.id, title: "Other's", createdAt: t0 + 9e9 });
  const get = async (path: string, cookie?: string, init: RequestInit = {}) =>
    await fetch(`${server.url}${path}`, {
      ...init,
      headers: { cookie: [AGE_COOKIE, cookie].filter(Boolean).join("; "), origin: ORIGIN, ...init.headers },
    });
  const api = async (path: string, cookie?: string): Promise<Page> => {
    const res = await get(path, cookie);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    return await res.json();
  };
  const html = async (path: string, cookie?: string, status = 200) => {
    const res = await get(path, cookie);
    assert.equal(res.status, status, path);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    return await res.text();
  };
  return { server, db, owner, other, get, api, html, [Symbol.asyncDispose]: () => server.shutdown() };
}

Deno.test("[api] the next cursor walks the whole grid in SQL's order, ties included, at every page size", async () => {
  await using env = await setup();
  const expected = await sqlOrder(env.db, env.owner.id);
  assert.equal(expected.length, ITEMS);
  for (const limit of [1, 5, PROFILE_PAGE_SIZE, PROFILE_PAGE_MAX]) {
    const seen: number[] = [];
    let path = `/api/users/${env.owner.id}/content?limit=${limit}`;
    for (let n = 1;; n++) {
      const page = await env.api(path);
      assert.equal(page.totalCount, ITEMS);
      assert.equal(page.pageSize, limit);
      assert.equal(page.page, n, `page number of page ${n} at ${limit} a page`);
      assert.ok(page.content.length === limit || page.next === null, "only the last page is short");
      assert.ok(page.content.every((i) => i.userId === env.owner.id));
      seen.push(...page.content.map((i) => i.id));
      if (!page.next) break;
      assert.ok(n <= ITEMS, "the walk ends");
      path = `/api/users/${env.owner.id}/content?limit=${limit}&cursor=${page.next}`;
    }
    assert.deepEqual(seen, expected, `cursor walk at ${limit} a page`);
  }
});

Deno.test("[api] old page numbers: the first pages by OFFSET and the deep ones from a kept key give the same order", async () => {
  await using env = await setup();
  const expected = await sqlOrder(env.db, env.owner.id);
  for (const limit of [PROFILE_PAGE_SIZE, 37, PROFILE_PAGE_MAX]) {
    const seen: number[] = [];
    for (let n = 1; n <= Math.ceil(ITEMS / limit); n++) {
      const page = await env.api(`/api/users/${env.owner.id}/content?limit=${limit}&page=${n}`);
      assert.equal(page.page, n);
      seen.push(...page.content.map((i) => i.id));
    }
    assert.deepEqual(seen, expected, `page walk at ${limit} a page`);
    const past = await env.api(`/api/users/${env.owner.id}/content?limit=${limit}&page=${Math.ceil(ITEMS / limit) + 1}`);
    assert.deepEqual(past.content, []);
    assert.equal(past.next, null);
  }
  // A deep page's cursor continues where that page ends.
  const deep = await env.api(`/api/users/${env.owner.id}/content?page=7`);
  const after = await env.api(`/api/users/${env.owner.id}/content?cursor=${deep.next}`);
  assert.equal(after.page, 8);
  assert.deepEqual(after.content.map((i) => i.id), expected.slice(7 * PROFILE_PAGE_SIZE, 8 * PROFILE_PAGE_SIZE));
});

Deno.test("[api] items deleted and hidden between pages: no duplicate, no gap, by cursor and by a deep page number", async () => {
  await using env = await setup();
  const before = await sqlOrder(env.db, env.owner.id);
  const ownerCookie = await loginCookie(env.db, env.owner.id);
  const seen: number[] = [];
  const removed = new Set<number>();
  let path = `/api/users/${env.owner.id}/content?limit=${PROFILE_PAGE_SIZE}`;
  for (let n = 1;; n++) {
    const page = await env.api(path);
    seen.push(...page.content.map((i) => i.id));
    if (n === 2 || n === 6) {
      // One shown already, the last one shown (the cursor's own key), and one further on: deleted through the API.
      const shown = page.content[0].id;
      const key = page.content[page.content.length - 1].id;
      const ahead = before[before.indexOf(key) + 3];
      for (const id of [shown, key, ahead]) {
        const res = await env.get(`/api/videos/${id}`, ownerCookie, { method: "DELETE" });
        assert.equal(res.status, 200, `delete ${id}`);
        assert.deepEqual(await res.json(), { success: true });
        removed.add(id);
      }
      // And one further on hidden (as reports hide it), with the content version moved as the report route does.
      const hidden = before[before.indexOf(key) + 5];
      await env.db.run(sql`update media set hidden = 1 where id = ${hidden}`);
      await contentChanged(env.db);
      removed.add(hidden);
    }
    if (!page.next) break;
    assert.ok(n <= ITEMS, "the walk ends");
    path = `/api/users/${env.owner.id}/content?limit=${PROFILE_PAGE_SIZE}&cursor=${page.next}`;
  }
  const after = await sqlOrder(env.db, env.owner.id);
  assert.equal(after.length, ITEMS - 8);
  assert.equal(new Set(seen).size, seen.length, "no item twice");
  // Everything public now was shown, in order; what was removed was shown only if removed after its page.
  assert.deepEqual(seen.filter((id) => !removed.has(id)), after);
  assert.deepEqual(seen, before.filter((id) => seen.includes(id)));
  for (const id of removed) assert.equal((await env.db.all(sql`select 1 from media where id = ${id} and hidden = 0`)).length, 0);
  // The old page numbers now count the grid as it is: a deep page from the kept key of the new version.
  const deepN = Math.floor(KEYSET_FROM_OFFSET / PROFILE_PAGE_SIZE) + 3;
  const deep = await env.api(`/api/users/${env.owner.id}/content?page=${deepN}`);
  assert.deepEqual(deep.content.map((i) => i.id), after.slice((deepN - 1) * PROFILE_PAGE_SIZE, deepN * PROFILE_PAGE_SIZE));
  assert.equal(deep.totalCount, after.length);
});

Deno.test("[api] a viewer's mutes filter the grid: cursor and deep page walks give the filtered SQL order", async () => {
  await using env = await setup();
  const viewer = await createUser(env.db, { username: "keyset_viewer" });
  const cookie = await loginCookie(env.db, viewer.id);
  const mute = await env.get("/api/user/mutes", cookie, {
    method: "POST",
    body: JSON.stringify({ type: "tag", value: "storm" }),
    headers: { "content-type": "application/json" },
  });
  assert.equal(mute.status, 201);
  const expected = await sqlOrder(env.db, env.owner.id, "storm");
  assert.ok(expected.length < ITEMS && expected.length > KEYSET_FROM_OFFSET + PROFILE_PAGE_SIZE);
  const byCursor: number[] = [];
  let path = `/api/users/${env.owner.id}/content`;
  for (let n = 1;; n++) {
    assert.ok(n <= ITEMS, "the walk ends");
    const page = await env.api(path, cookie);
    assert.equal(page.totalCount, expected.length);
    byCursor.push(...page.content.map((i) => i.id));
    if (!page.next) break;
    path = `/api/users/${env.owner.id}/content?cursor=${page.next}`;
  }
  assert.deepEqual(byCursor, expected);
  const byPage: number[] = [];
  for (let n = 1; n <= Math.ceil(expected.length / PROFILE_PAGE_SIZE); n++) {
    byPage.push(...(await env.api(`/api/users/${env.owner.id}/content?page=${n}`, cookie)).content.map((i) => i.id));
  }
  assert.deepEqual(byPage, expected);
});

Deno.test("[page] /user/{name}: Next links walk the grid by cursor, deep page numbers match, Prev goes back", async () => {
  await using env = await setup();
  const expected = await sqlOrder(env.db, env.owner.id);
  const pages = Math.ceil(ITEMS / PROFILE_PAGE_SIZE);
  const seen: number[] = [];
  let path: string | undefined = "/user/keyset_owner";
  for (let n = 1; path; n++) {
    assert.ok(n <= pages, "the walk ends");
    const page = await env.html(path);
    assert.ok(page.includes(`Page ${n} of ${pages}`), `page ${n} says so`);
    const ids = cardIds(page);
    assert.equal(ids.length, n < pages ? PROFILE_PAGE_SIZE : ITEMS - (pages - 1) * PROFILE_PAGE_SIZE);
    seen.push(...ids);
    if (n > 1) assert.ok(page.includes(`href="/user/keyset_owner${n > 2 ? `?page=${n - 1}` : ""}" rel="prev"`), "Prev by number");
    path = /href="(\/user\/keyset_owner\?cursor=[A-Za-z0-9_-]+)" rel="next"/.exec(page)?.[1];
    // Page n by its old number is the same grid, deep ones answered from the kept key.
    if (n % 3 === 0 || n === pages) assert.deepEqual(cardIds(await env.html(`/user/keyset_owner?page=${n}`)), ids, `page=${n}`);
  }
  assert.deepEqual(seen, expected);
  await env.html(`/user/keyset_owner?page=${pages + 1}`, undefined, 404);
});

Deno.test("[api] bad cursors answer 400 with a JSON error; the page shows the first page", async () => {
  await using env = await setup();
  const first = await env.api(`/api/users/${env.owner.id}/content`);
  assert.ok(first.next);
  const foreign = encodeCursor({ userId: env.other.id, key: { createdAt: 1, id: 1 }, position: 24 });
  const edited = btoa("p1.1.2.3").replace(/=+$/, "");
  // With a page number too: refused by the API; the page follows the cursor (its Next links carry no page).
  const both = await env.get(`/api/users/${env.owner.id}/content?cursor=${first.next}&page=2`);
  assert.equal(both.status, 400);
  assert.deepEqual(await both.json(), { error: "page and cursor cannot be used together" });
  for (const bad of ["!!!!", "x".repeat(81), "abc", edited, foreign, encodeURIComponent(first.next + "===")]) {
    const res = await env.get(`/api/users/${env.owner.id}/content?cursor=${bad}`);
    assert.equal(res.status, 400, `cursor ${bad}`);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const body = await res.json();
    assert.equal(typeof body.error, "string");
    assert.equal(body.error, PROFILE_MSG.badCursor);
    const page = await env.html(`/user/keyset_owner?cursor=${bad}`);
    assert.ok(page.includes(`Page 1 of ${Math.ceil(ITEMS / PROFILE_PAGE_SIZE)}`), `the page reads ${bad} as page 1`);
    assert.deepEqual(cardIds(page), first.content.slice(0, PROFILE_PAGE_SIZE).map((i) => i.id));
  }
  // A cursor past the end (its key older than every item): an empty page, no next; the page offers the first page.
  const end = encodeCursor({ userId: env.owner.id, key: { createdAt: 0, id: 1 }, position: 9_999 });
  const empty = await env.api(`/api/users/${env.owner.id}/content?cursor=${end}`);
  assert.deepEqual([empty.content, empty.next], [[], null]);
  const page = await env.html(`/user/keyset_owner?cursor=${end}`);
  assert.ok(page.includes(PROFILE_MSG.noMore) && page.includes(PROFILE_MSG.firstPage));
  // The database holds what it did: nothing was written by reading.
  assert.equal((await sqlOrder(env.db, env.owner.id)).length, ITEMS);
});

Deno.test("[federation] the outbox pages by the same keyset: its next links walk every public item in SQL's order", async () => {
  await using env = await setup();
  const expected = await sqlOrder(env.db, env.owner.id);
  const AP = { accept: "application/activity+json" };
  const collection = await (await env.get(`/user/${env.owner.id}/outbox`, undefined, { headers: AP })).json();
  assert.equal(collection.type, "OrderedCollection");
  assert.equal(collection.totalItems, ITEMS);
  const seen: number[] = [];
  let next: string | undefined = collection.first;
  for (let n = 1; next; n++) {
    assert.ok(n <= ITEMS, "the walk ends");
    const res = await fetch(next.replace(/^https?:\/\/[^/]+/, env.server.url), { headers: AP });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /activity\+json/);
    const page = await res.json();
    for (const create of page.orderedItems) seen.push(Number(/\/media\/(\d+)$/.exec(create.object.id ?? create.object)![1]));
    next = page.next;
  }
  assert.deepEqual(seen, expected);
  // An old page-number cursor still answers its page (past the OFFSET pages: from the kept key).
  const deep = await (await env.get(`/user/${env.owner.id}/outbox?cursor=9`, undefined, { headers: AP })).json();
  assert.deepEqual(
    deep.orderedItems.map((c: { object: { id: string } }) => Number(/(\d+)$/.exec(c.object.id)![1])),
    expected.slice(180, 200),
  );
});
