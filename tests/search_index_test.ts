/**
 * The search index holds public items only and carries the type and category (decision 020):
 * moderation, hiding and edits move items in and out of it; more matches than the ranked window
 * read "1,000+"; only the last word is a prefix.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { SEARCH_WINDOW } from "../db/queries/search.ts";
import { categoryIds, createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const { request, db } = env;
const u = await createUser(db, { username: "index_maker" });
const [catA, catB] = await categoryIds(db);

const ids = async (qs: string): Promise<number[]> => {
  const res = await request(`/api/search?${qs}`);
  assert.equal(res.status, 200);
  return (await res.json()).map((i: { id: number }) => i.id);
};
const ftsRows = async (id: number) =>
  Number((await db.client.execute({ sql: "SELECT count(*) FROM media_fts WHERE rowid = ?", args: [id] })).rows[0][0]);
const setItem = (id: number, set: Partial<typeof media.$inferInsert>) => db.update(media).set(set).where(eq(media.id, id));

Deno.test("[db] approval, rejection, hiding and deletion move an item in and out of the search index", async () => {
  const item = await createMedia(db, { userId: u.id, title: "Walrus choir", reviewStatus: "pending", categoryId: catA.id });
  assert.equal(await ftsRows(item.id), 0, "pending items are not indexed");
  assert.deepEqual(await ids("q=walrus"), []);
  await setItem(item.id, { reviewStatus: "approved" });
  assert.deepEqual(await ids("q=walrus"), [item.id]);
  await setItem(item.id, { hidden: true });
  assert.equal(await ftsRows(item.id), 0, "hidden by reports: out of the index");
  assert.deepEqual(await ids("q=walrus"), []);
  await setItem(item.id, { hidden: false });
  assert.deepEqual(await ids("q=walrus"), [item.id]);
  await setItem(item.id, { reviewStatus: "rejected" });
  assert.deepEqual(await ids("q=walrus"), []);
  await setItem(item.id, { reviewStatus: "approved" });
  await db.delete(media).where(eq(media.id, item.id));
  assert.equal(await ftsRows(item.id), 0);
});

Deno.test("[api] the type and category filters follow edits of the item", async () => {
  const item = await createMedia(db, { userId: u.id, title: "Heron ballet", contentType: "image", categoryId: catA.id });
  assert.deepEqual(await ids(`q=heron&categoryId=${catA.id}`), [item.id]);
  assert.deepEqual(await ids(`q=heron&type=images`), [item.id]);
  await setItem(item.id, { categoryId: catB.id, contentType: "video" });
  assert.deepEqual(await ids(`q=heron&categoryId=${catA.id}`), []);
  assert.deepEqual(await ids(`q=heron&categoryId=${catB.id}`), [item.id]);
  assert.deepEqual(await ids(`q=heron&type=images`), []);
  assert.deepEqual(await ids(`q=heron&type=videos`), [item.id]);
  await setItem(item.id, { categoryId: null });
  assert.deepEqual(await ids(`q=heron&categoryId=${catB.id}`), []);
  assert.deepEqual(await ids(`q=heron`), [item.id]);
});

Deno.test("[api] only the last word is a prefix; words of the type and category tokens are not matched", async () => {
  const item = await createMedia(db, { userId: u.id, title: "Pelican harbour", contentType: "video", categoryId: catA.id });
  assert.deepEqual(await ids("q=pelican%20harb"), [item.id], "the last word is a prefix");
  assert.deepEqual(await ids("q=peli%20harbour"), [], "an earlier word is matched whole");
  assert.deepEqual(await ids("q=pelican%20tvideo"), [], "facet tokens are not in the text columns");
  assert.deepEqual(await ids(`q=pelican%20c${catA.id}`), []);
});

Deno.test("[page] more matches than the ranked window read 1,000+; its last page has no Next", async () => {
  await using many = await makeTestEnv();
  const owner = await createUser(many.db);
  await many.db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO media (user_id, content_type, title, review_status, created_at, updated_at)
      SELECT ?, 'image', 'Comet ' || i, 'approved', i, i FROM n`,
    args: [SEARCH_WINDOW + 100, owner.id],
  });
  const first = await (await many.request("/search?q=comet")).text();
  assert.match(first, /1,000\+ results/);
  const lastPage = Math.ceil((SEARCH_WINDOW + 1) / 48);
  const last = await (await many.request(`/search?q=comet&page=${lastPage}`)).text();
  assert.equal(last.match(/data-card="/g)?.length, SEARCH_WINDOW + 1 - (lastPage - 1) * 48);
  assert.doesNotMatch(last, />Next</);
  const past = await (await many.request(`/search?q=comet&page=${lastPage + 1}`)).text();
  assert.match(past, /No results found/);
  // A one-character last word is matched whole ("1", not "10", "100"...).
  assert.equal((await (await many.request("/api/search?q=comet%201")).json()).length, 1);
});
