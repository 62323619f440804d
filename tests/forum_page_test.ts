/** `/forum` as a browser without script gets it (spec part 2 §2 "Forum"), and the sitemap's thread entries. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { forumHref, PREVIEW_CHARS } from "../common/forum_rules.ts";
import { linkParts, preview } from "../common/forum_text.ts";
import { formatRelativeTime } from "../common/format.ts";
import { threadComments, users } from "../db/schema/mod.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import { forumCategoryList, makeComment, makeThread } from "./_forum.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const author = await createUser(db, { username: "page_author" });
const admin = await createUser(db, { username: "page_admin", isAdmin: true });
const [general, showcase] = await forumCategoryList(db);
const t0 = Date.now() - 3_600_000;
const old = await makeThread(db, { userId: author.id, title: "Old showcase post", categoryId: showcase.id, createdAt: t0, upvotes: 9 });
const recent = await makeThread(db, { userId: author.id, title: "Recent showcase post", categoryId: showcase.id, createdAt: t0 + 60_000 });
const general1 = await makeThread(db, {
  userId: author.id,
  title: "A general question",
  content: `See https://example.com/guide for details. <script>alert(1)</script> ${"long text ".repeat(60)}THE-END-MARKER`,
  categoryId: general.id,
  tags: JSON.stringify(["help", "kling"]),
  createdAt: t0 + 120_000,
});
const sticky = await makeThread(db, {
  userId: admin.id,
  title: "Forum rules",
  isSticky: true,
  categoryId: general.id,
  createdAt: t0 - 86_400_000,
});

const html = async (path: string, cookie?: string) => {
  const res = await request(path, { cookie });
  assert.equal(res.status, 200, path);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
};
/** The HTML between the island's marker and the Toaster: what the page shows, not the props JSON. */
const shown = (page: string) => page.slice(page.indexOf('data-island="Forum"'), page.indexOf('data-island-props="Toaster"'));
const titles = (page: string) => [...shown(page).matchAll(/data-testid="thread-title"[^>]*>([^<]+)</g)].map((m) => m[1]);

Deno.test("[page] /forum renders the first page of threads in the HTML, sticky first, newest next", async () => {
  const page = await html("/forum");
  assert.deepEqual(titles(page), ["Forum rules", "A general question", "Recent showcase post", "Old showcase post"]);
  assert.match(page, /<title>Community Forum \| Dreamreel<\/title>/);
  assert.match(page, /<h1[^>]*>Community Forum<\/h1>/);
  assert.match(shown(page), /data-testid="thread-author">page_author</);
  assert.match(shown(page), />Sticky</);
  assert.match(shown(page), />#kling</);
  // The category badge, the sidebar's counts and the stats.
  assert.match(shown(page), /aria-current="page"[^>]*><span>All Categories<\/span><span[^>]*>4<\/span>/);
  assert.match(shown(page), /<span>Showcase<\/span><span[^>]*>2<\/span>/);
  assert.match(shown(page), /data-stat="Total Threads">4</);
  assert.match(page, /<script type="module"/, "the island hydrates");
});

Deno.test("[page] /forum shows text as text, links with rel=nofollow ugc noopener, content cut at 400 characters", async () => {
  const page = shown(await html("/forum"));
  assert.ok(!page.includes("<script>alert(1)</script>"));
  assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(
    page,
    /<a href="https:\/\/example\.com\/guide" rel="nofollow ugc noopener" target="_blank"[^>]*>https:\/\/example\.com\/guide<\/a>/,
  );
  assert.ok(!page.includes("THE-END-MARKER"), "the preview stops at 400 characters");
  assert.match(page, />Show more</);
  // The props carry the whole text for Show more, with `<` escaped so it cannot close the script.
  const full = await html("/forum");
  assert.match(full, /THE-END-MARKER/);
  assert.ok(!/data-island-props="Forum"[^]*<script>alert/.test(full));
});

Deno.test("[page] /forum?category=&sort= takes the view from the address", async () => {
  const page = await html(`/forum?category=${showcase.slug}&sort=oldest`);
  assert.deepEqual(titles(page), ["Old showcase post", "Recent showcase post"]);
  assert.match(shown(page), /<option value="oldest" selected="">Oldest<\/option>/);
  assert.match(shown(page), new RegExp(`aria-current="page"[^>]*><span>${showcase.name}</span>`));
  assert.match(page, /<title>Showcase · Forum \| Dreamreel<\/title>/);
  assert.match(page, /<meta name="robots" content="noindex/);
  const popular = await html(`/forum?category=${showcase.slug}&sort=popular`);
  assert.deepEqual(titles(popular), ["Old showcase post", "Recent showcase post"]);
  const byId = await html(`/forum?category=${general.id}&filter=sticky`);
  assert.deepEqual(titles(byId), ["Forum rules"]);
  assert.match(shown(byId), /<option value="sticky" selected="">Sticky Threads<\/option>/);
  // The sort and filter form works without script: it sends the category along.
  assert.match(
    shown(page),
    new RegExp(`<form [^>]*action="/forum" method="get"><input type="hidden" name="category" value="${showcase.slug}"/>`),
  );
  assert.match(shown(page), /<noscript>/);
});

Deno.test("[page] /forum: an unknown category is 404; a mistyped sort or filter shows the default view", async () => {
  const missing = await request("/forum?category=no-such-category");
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  const fallback = await html("/forum?sort=best&filter=mine");
  assert.deepEqual(titles(fallback), ["Forum rules", "A general question", "Recent showcase post", "Old showcase post"]);
  for (const bad of ["abc", "999999", "0"]) {
    const res = await request(`/forum?thread=${bad}`);
    assert.equal(res.status, 404, bad);
    await res.body?.cancel();
  }
});

Deno.test("[page] /forum?thread={id} opens that thread with its comments in the HTML and the whole text", async () => {
  await makeComment(db, general1.id, admin.id, "A comment with https://example.org/more");
  const page = await html(`/forum?thread=${general1.id}`);
  assert.match(page, /<title>A general question \| Dreamreel<\/title>/);
  assert.match(page, new RegExp(`<link rel="canonical" href="http://localhost:8000/forum\\?thread=${general1.id}"`));
  assert.match(shown(page), /THE-END-MARKER/, "opened: the whole text");
  assert.match(shown(page), />Show less</);
  assert.match(shown(page), /data-testid="comment-list"/);
  assert.match(shown(page), /A comment with <a href="https:\/\/example\.org\/more" rel="nofollow ugc noopener"/);
  assert.match(shown(page), /Log in<\/a> to join the discussion/);
  assert.match(shown(page), new RegExp(`id="thread-${general1.id}"`));
  assert.match(shown(page), new RegExp(`href="/forum\\?thread=${old.id}#thread-${old.id}"`), "each title links to its thread's view");
});

Deno.test("[page] /forum: Active Users counts the members seen in the last 15 minutes", async () => {
  await using fresh = await makeTestEnv();
  const now = Date.now();
  const [a, b, c] = [await createUser(fresh.db), await createUser(fresh.db), await createUser(fresh.db)];
  await fresh.db.update(users).set({ lastSeenAt: now - 60_000 }).where(eq(users.id, a.id));
  await fresh.db.update(users).set({ lastSeenAt: now - 14 * 60_000 }).where(eq(users.id, b.id));
  await fresh.db.update(users).set({ lastSeenAt: now - 16 * 60_000 }).where(eq(users.id, c.id));
  const page = await (await fresh.request("/forum")).text();
  assert.match(page, /data-stat="Active Users">2</);
  // A member's visit records them (at most once a minute, by the session code) and they count.
  const res = await fresh.request("/forum", { cookie: await loginCookie(fresh.db, c.id) });
  assert.match(await res.text(), /data-stat="Active Users">3</);
});

Deno.test("[page] /forum shows a thread whose author deleted their account as Anonymous", async () => {
  await using fresh = await makeTestEnv();
  const gone = await createUser(fresh.db, { username: "leaving_member" });
  await makeThread(fresh.db, { userId: gone.id, title: "Left behind" });
  await fresh.db.delete(users).where(eq(users.id, gone.id));
  const page = await (await fresh.request("/forum")).text();
  assert.match(page, /data-testid="thread-author">Anonymous</);
  assert.doesNotMatch(page, /leaving_member/);
});

Deno.test("[page] /forum for members: New Thread, Delete on their own threads; Sticky Thread and every Delete for admins", async () => {
  const memberPage = shown(await html("/forum", await loginCookie(db, author.id)));
  assert.match(memberPage, /data-testid="new-thread"/);
  assert.doesNotMatch(memberPage, /data-testid="new-sticky"/);
  assert.equal([...memberPage.matchAll(/>Delete</g)].length, 3, "the member's three threads, not the admin's");
  const adminPage = shown(await html("/forum", await loginCookie(db, admin.id)));
  assert.match(adminPage, /data-testid="new-sticky"/);
  assert.equal([...adminPage.matchAll(/>Delete</g)].length, 4);
  const visitorPage = shown(await html("/forum"));
  assert.match(visitorPage, /popovertarget="login-required"[^>]*data-testid="new-thread"/i);
  assert.doesNotMatch(visitorPage, />Delete</);
});

Deno.test("[page] sitemap.xml lists the forum, its categories and each thread's own address", async () => {
  const xml = await (await request("/sitemap.xml")).text();
  assert.match(xml, /<loc>http:\/\/localhost:8000\/forum<\/loc>/);
  assert.match(xml, new RegExp(`<loc>http://localhost:8000/forum\\?category=${showcase.slug}</loc>`));
  for (const t of [old, recent, general1, sticky]) {
    assert.match(xml, new RegExp(`<loc>http://localhost:8000${forumHref({ thread: t.id }).replace("?", "\\?")}</loc><lastmod>`));
  }
});

Deno.test("[unit] forum text: links, the 400-character preview and relative times", () => {
  assert.deepEqual(linkParts("see https://a.example/x). and http://b.example/(y) then javascript:alert(1)"), [
    { text: "see " },
    { text: "https://a.example/x", href: "https://a.example/x" },
    { text: "). and " },
    { text: "http://b.example/(y)", href: "http://b.example/(y)" },
    { text: " then javascript:alert(1)" },
  ]);
  assert.deepEqual(linkParts("no links"), [{ text: "no links" }]);
  assert.deepEqual(preview("short"), { text: "short", truncated: false });
  const cut = preview("x".repeat(PREVIEW_CHARS - 1) + "😀" + "tail");
  assert.equal(cut.truncated, true);
  assert.equal(cut.text, "x".repeat(PREVIEW_CHARS - 1), "never half a surrogate pair");
  const now = Date.parse("2025-06-01T12:00:00Z");
  assert.equal(formatRelativeTime("2025-06-01T11:59:30Z", now), "just now");
  assert.equal(formatRelativeTime("2025-06-01T11:55:00Z", now), "5 minutes ago");
  assert.equal(formatRelativeTime("2025-06-01T11:00:00Z", now), "1 hour ago");
  assert.equal(formatRelativeTime("2025-05-30T12:00:00Z", now), "2 days ago");
  assert.equal(formatRelativeTime("2025-06-02T12:00:00Z", now), "just now");
});

Deno.test("[page] /forum: the stats' Comments is the forum's total, whichever thread is open or none (issue 36 point 12)", async () => {
  await makeComment(db, old.id, author.id);
  await makeComment(db, old.id, admin.id);
  const total = (await db.select().from(threadComments).all()).length;
  assert.ok(total >= 2);
  for (const path of ["/forum", `/forum?thread=${old.id}`, `/forum?thread=${sticky.id}`]) {
    assert.match(shown(await html(path)), new RegExp(`data-stat="Comments">${total}<`), path);
  }
});
