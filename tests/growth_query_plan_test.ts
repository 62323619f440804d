/**
 * Issue 24: with 100,000 items and 100,000 threads (seeded by recursive INSERTs in a few
 * seconds), no query on the search, feed, profile or forum paths scans a table that grows
 * with the site; each reads the index it was made for (bench/_plans.ts lists them).
 */
import assert from "node:assert/strict";
import { growthPlans, type Plan } from "../bench/_plans.ts";
import { seedItems } from "../bench/_seed.ts";
import { makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const started = performance.now();
await seedItems(env.db, 100_000);
// Threads alone (their upvote and comment rows change no plan, and would take most of the time).
await env.db.client.execute(`
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000),
    u(ids) AS (SELECT json_group_array(id) FROM users),
    c(ids) AS (SELECT json_group_array(id) FROM forum_categories)
  INSERT INTO threads (user_id, category_id, title, content, tags, is_sticky, upvotes, comment_count, created_at)
  SELECT json_extract(u.ids, '$[' || (i % json_array_length(u.ids)) || ']'),
    json_extract(c.ids, '$[' || (i % json_array_length(c.ids)) || ']'),
    'Thread ' || i, 'Body of thread ' || i, '[]', i % 50 = 0, i % 20, i % 15, 1700000000000 + i * 60000
  FROM n, u, c`);
const seedMs = Math.round(performance.now() - started);
const plans = await growthPlans(env.db);
const planOf = (label: string | RegExp): Plan[] => plans.filter((p) => typeof label === "string" ? p.label === label : label.test(p.label));
const text = (p: Plan) => `${p.label}\n  ${p.plan.join("\n  ")}`;

Deno.test(`[db] seeded 100,000 items and 100,000 threads (${seedMs} ms)`, async () => {
  const one = async (sql: string) => Number((await env.db.client.execute(sql)).rows[0][0]);
  assert.equal(await one("SELECT count(*) FROM media"), 100_000);
  assert.equal(await one("SELECT count(*) FROM threads"), 100_000);
  assert.equal(
    await one("SELECT count(*) FROM media_fts"),
    await one("SELECT count(*) FROM media WHERE review_status = 'approved' AND hidden = 0"),
  );
});

Deno.test("[db] no request-path query scans media, threads, comments, messages, users or categories", () => {
  assert.ok(plans.length >= 30, String(plans.length));
  const scans = plans.filter((p) => p.fullScan);
  assert.deepEqual(scans.map(text), []);
});

Deno.test("[db] search filters inside the FTS index, in its order; the ranked matches' texts are read by primary key", () => {
  const matches = planOf(/^search: the newest/);
  assert.equal(matches.length, 2);
  for (const p of matches) {
    assert.match(p.plan.join("\n"), /SCAN media_fts VIRTUAL TABLE INDEX \d+:M\d/, text(p));
    assert.doesNotMatch(p.plan.join("\n"), /\bmedia\b(?!_fts)|TEMP B-TREE/, text(p));
  }
  const [texts] = planOf(/^search: the texts/);
  assert.match(texts.plan.join("\n"), /SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/, text(texts));
  assert.match(texts.plan.join("\n"), /SEARCH u USING INTEGER PRIMARY KEY \(rowid=\?\)/, text(texts));
  assert.doesNotMatch(texts.plan.join("\n"), /^SCAN (m|u)\b/m, text(texts));
});

Deno.test("[db] feed pages read their sort index in order; kept rankings read the covering index", () => {
  const feed = planOf(/^feed /);
  assert.equal(feed.length, 16);
  for (const p of feed) {
    assert.match(p.plan.join("\n"), /(SEARCH|SCAN) media USING (COVERING )?INDEX media_(status|category)_/, text(p));
    if (/newest|oldest/.test(p.label)) assert.doesNotMatch(p.plan.join("\n"), /TEMP B-TREE/, text(p));
  }
  const [chunk] = planOf(/^kept rankings/);
  assert.match(
    chunk.plan.join("\n"),
    /SEARCH media USING COVERING INDEX media_public_rank \(review_status=\? AND hidden=\? AND playable=\? AND id>\?\)/,
  );
  assert.doesNotMatch(chunk.plan.join("\n"), /TEMP B-TREE/);
  const [byIds] = planOf(/^items of a ranked page/);
  assert.match(byIds.plan.join("\n"), /SEARCH media USING INTEGER PRIMARY KEY/, text(byIds));
});

Deno.test("[db] a profile's public items and their count come from media_user_public", () => {
  for (const p of planOf(/^profile/)) {
    assert.match(
      p.plan.join("\n"),
      /SEARCH media USING (COVERING )?INDEX media_user_public \(user_id=\? AND review_status=\? AND hidden=\? AND playable=\?( AND created_at<\?)?\)/,
      text(p),
    );
    assert.doesNotMatch(p.plan.join("\n"), /TEMP B-TREE/, text(p));
  }
  assert.match(planOf(/^profile: count/)[0].plan.join("\n"), /COVERING INDEX/);
  // Issue 44: a page after a key starts inside the index (no OFFSET walk), reading the index alone.
  const [afterKey] = planOf(/^profile: a page's ids after a key$/);
  assert.match(afterKey.plan.join("\n"), /COVERING INDEX media_user_public \(.* AND created_at<\?\)/, text(afterKey));
});

Deno.test("[db] forum lists read a thread index in order and name authors by primary key", () => {
  for (const p of planOf(/^forum threads \w+$/)) {
    assert.match(p.plan.join("\n"), /SCAN threads USING INDEX threads_sticky_/, text(p));
    assert.doesNotMatch(p.plan.join("\n"), /TEMP B-TREE/, text(p));
    assert.match(p.plan.join("\n"), /SEARCH users USING INTEGER PRIMARY KEY/, text(p));
  }
  // Pages by key (decision 047): a seek is a range of a sticky index; an offset's key a covering walk.
  assert.equal(planOf(/^forum threads \w+, the (page after a key|key at an offset)/).length, 8);
  for (const p of planOf(/^forum threads \w+, the page after a key$/)) {
    assert.match(p.plan.join("\n"), /SEARCH threads USING INDEX threads_sticky_\w+ \(is_sticky=\? AND/, text(p));
    assert.doesNotMatch(p.plan.join("\n"), /TEMP B-TREE/, text(p));
  }
  for (const p of planOf(/^forum threads \w+, the key at an offset/)) {
    assert.match(p.plan.join("\n"), /SCAN threads USING COVERING INDEX threads_sticky_/, text(p));
    assert.doesNotMatch(p.plan.join("\n"), /TEMP B-TREE/, text(p));
  }
  for (const p of planOf(/^forum: (a thread's comments|the key of a thread's comment)/)) {
    assert.match(p.plan.join("\n"), /SEARCH thread_comments USING (COVERING )?INDEX thread_comments_thread_created/, text(p));
  }
});
