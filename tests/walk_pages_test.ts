/** Issue 27 points 9, 10, 11 and 14 over HTTP: pages and texts a new user met. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { comments, media, users } from "../db/schema/mod.ts";
import { RateLimiter } from "../lib/http/rate_limit.ts";
import type { HttpError } from "../lib/http_error.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());

Deno.test("[page] point 11: a /search query longer than 200 characters is cut to 200 and searched", async () => {
  const long = "a".repeat(150) + " " + "b".repeat(100);
  const res = await env.request(`/search?q=${long}&type=videos`);
  assert.equal(res.status, 302);
  const to = new URL(res.headers.get("location")!, "http://x");
  assert.equal(to.pathname, "/search");
  assert.equal(to.searchParams.get("q"), long.slice(0, 200));
  assert.equal(to.searchParams.get("type"), "videos");
  const page = await env.request(to.pathname + to.search);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.ok(html.includes(`Search results for &quot;${long.slice(0, 200)}&quot;`));
  assert.ok(!html.includes("too long"));
  // An emoji cut in half at the limit is dropped whole.
  const emoji = await env.request(`/search?q=${encodeURIComponent("x".repeat(199) + "😀")}`);
  assert.equal(new URL(emoji.headers.get("location")!, "http://x").searchParams.get("q"), "x".repeat(199));
});

Deno.test("[page] point 9: /?category= naming no category answers 404 with a not-found state and a link to all categories", async () => {
  for (const ref of ["doesnotexist", "999999", "%3Cscript%3E"]) {
    const res = await env.request(`/?category=${ref}`);
    assert.equal(res.status, 404, ref);
    const html = await res.text();
    assert.match(html, /data-testid="category-not-found"/);
    assert.match(html, /Category not found/);
    assert.match(html, /<a href="\/" class="btn-primary">Browse all categories<\/a>/);
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.ok(!html.includes('aria-current="page"'), "no tab is highlighted");
    assert.ok(!html.includes("No content available"));
  }
  const known = await env.request("/?category=animation");
  assert.equal(known.status, 200);
  assert.equal((await env.request("/?category=")).status, 200, "an empty category is All Categories");
});

Deno.test("[api] point 10: 'Please try again in 1 second.' (singular), 'in 2 seconds.' (plural)", async () => {
  let now = 0;
  const limiter = new RateLimiter(env.db, () => now);
  await limiter.hit("walk:k", 1, 1);
  await assert.rejects(
    () => limiter.hit("walk:k", 1, 1),
    (e: HttpError) => e.status === 429 && e.message === "Too many attempts. Please try again in 1 second.",
  );
  now = 5_000;
  await limiter.hit("walk:j", 1, 2);
  await assert.rejects(
    () => limiter.hit("walk:j", 1, 2),
    (e: HttpError) => e.message === "Too many attempts. Please try again in 2 seconds.",
  );
});

Deno.test("[page] point 10: a member banned while signed in is told why on the page they land on", async () => {
  const admin = await signedInMember(env.db, { isAdmin: true });
  const member = await signedInMember(env.db, { username: "walk_banned" });
  const ban = await env.request(`/api/admin/users/${member.id}`, { method: "POST", cookie: admin.cookie });
  assert.equal(ban.status, 200);
  const bounced = await env.request("/my-videos", { cookie: member.cookie });
  assert.equal(bounced.status, 302);
  assert.equal(bounced.headers.get("location"), "/auth?next=%2Fmy-videos");
  const flash = bounced.headers.getSetCookie().find((c) => c.startsWith("dr_flash="))?.split(";")[0];
  assert.equal(flash, "dr_flash=banned");
  const auth = await (await env.request("/auth?next=%2Fmy-videos", { cookie: flash })).text();
  assert.ok(auth.includes("Account banned") && auth.includes("This account has been banned."), "the toast says why");
  // Told once: the ended session is gone, a second visit is a plain visitor's.
  const again = await env.request("/my-videos", { cookie: member.cookie });
  assert.ok(!again.headers.getSetCookie().some((c) => c.startsWith("dr_flash=banned")));
});

Deno.test("[page] point 10: the login-required dialog names the action of the button that opened it", async () => {
  const home = await (await env.request("/")).text();
  assert.match(home, /You need to be logged in to <span data-login-action-text="true">do that<\/span>\. Log in or create a free account\./);
  assert.match(home, /popoverTarget="login-required" data-login-action="upload"/);
  const forum = await (await env.request("/forum")).text();
  assert.match(forum, /data-login-action="start a thread"/);
});

Deno.test("[api] point 14: PUT /api/user/about stores the member's About (plain, normalised, at most 500) and /user/{name} shows it", async () => {
  const member = await signedInMember(env.db, { username: "walk_about" });
  const put = (body: unknown, cookie = member.cookie) => env.request("/api/user/about", { method: "PUT", json: body, cookie });
  assert.equal((await put({ about: "hi" }, "")).status, 401);
  for (const bad of [{}, { about: 5 }, { about: null }, { about: "x".repeat(501) }]) {
    assert.equal((await put(bad)).status, 400, JSON.stringify(bad));
  }
  assert.equal(await errorOf(await put({ about: "x".repeat(501) }), 400), "About must be at most 500 characters");
  const wrongType = await env.request("/api/user/about", {
    method: "PUT",
    headers: { "content-type": "text/plain" },
    body: "about",
    cookie: member.cookie,
  });
  assert.equal(wrongType.status, 415);

  const text = '  Cafe\u0301 films\u0000 <a href="https://evil.example">click</a>\nSecond line \u202Ereversed  ';
  const saved = await json(await put({ about: text }));
  assert.equal(saved.about, 'Café films <a href="https://evil.example">click</a>\nSecond line reversed');
  const row = await env.db.select({ about: users.about }).from(users).where(eq(users.id, member.id)).get();
  assert.equal(row?.about, saved.about);
  assert.equal((await put({ about: "x".repeat(500) })).status, 200, "500 characters is the limit");
  await put({ about: text });

  const page = await (await env.request("/user/walk_about")).text();
  assert.match(
    page,
    /data-testid="about"[^>]*><span[^>]*>About:<\/span> (<!-- -->)?Café films &lt;a href=&quot;https:\/\/evil.example&quot;&gt;click&lt;\/a&gt;\nSecond line reversed</,
  );
  assert.ok(!page.includes('href="https://evil.example"'), "a link is shown as text");
  const settings = await (await env.request("/profile", { cookie: member.cookie })).text();
  assert.ok(settings.includes("Café films"), "the /profile form starts from the saved text");

  await json(await put({ about: "   " }));
  const empty = await (await env.request("/user/walk_about")).text();
  assert.match(empty, /About:<\/span> (<!-- -->)?AI creator sharing videos and images on Dreamreel\./, "the fixed line is the empty state");
});

Deno.test("[api] own comments: DELETE /api/videos/{id}/comments/{commentId} by the writer, the item's owner or an admin; the count follows", async () => {
  const owner = await signedInMember(env.db, { username: "walk_c_owner" });
  const writer = await signedInMember(env.db, { username: "walk_c_writer" });
  const other = await signedInMember(env.db, { username: "walk_c_other" });
  const admin = await signedInMember(env.db, { username: "walk_c_admin", isAdmin: true });
  const item = await createMedia(env.db, { userId: owner.id, title: "Commented" });
  const elsewhere = await createMedia(env.db, { userId: owner.id, title: "Elsewhere" });
  const post = async (cookie: string, content: string) =>
    (await json(await env.request(`/api/videos/${item.id}/comments`, { json: { content }, cookie }), 201)).id as number;
  const mine = await post(writer.cookie, "mine");
  const visitors = await post("", "a visitor's");
  const third = await post(writer.cookie, "third");
  const fourth = await post(other.cookie, "fourth");
  const del = (id: number | string, cookie: string, mediaId: number | string = item.id) =>
    env.request(`/api/videos/${mediaId}/comments/${id}`, { method: "DELETE", cookie });
  const count = async () => (await env.db.select({ n: media.commentCount }).from(media).where(eq(media.id, item.id)).get())?.n;
  assert.equal(await count(), 4);

  assert.equal((await del(mine, "")).status, 401);
  await errorOf(await del("abc", writer.cookie), 400);
  await errorOf(await del(mine, writer.cookie, "-1"), 400);
  await errorOf(await del(999999, writer.cookie), 404, "Comment not found");
  await errorOf(await del(mine, writer.cookie, elsewhere.id), 404, "Comment not found");
  await errorOf(await del(mine, other.cookie), 403, "You can only delete your own comments");
  await errorOf(await del(visitors, other.cookie), 403, "You can only delete your own comments");
  assert.equal(await count(), 4, "refusals change nothing");

  assert.deepEqual(await json(await del(mine, writer.cookie)), { success: true, commentCount: 3 });
  await errorOf(await del(mine, writer.cookie), 404, "Comment not found");
  assert.equal((await json(await del(visitors, owner.cookie))).commentCount, 2, "the item's owner deletes any comment on it");
  assert.equal((await json(await del(fourth, admin.cookie))).commentCount, 1, "an admin too");
  const rows = await env.db.select().from(comments).where(eq(comments.mediaId, item.id)).all();
  assert.deepEqual(rows.map((r) => r.id), [third]);
  assert.equal(await count(), rows.length);
  const page = await (await env.request(`/api/videos/${item.id}`)).json();
  assert.equal(page.commentCount, 1);
});
