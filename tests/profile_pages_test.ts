import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages, users } from "../db/schema/mod.ts";
import { PROFILE_MSG, PROFILE_PAGE_SIZE } from "../common/profile_rules.ts";
import { createMedia, makeTestEnv, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv();
const { db, request } = env;
const member = (opts: Parameters<typeof signedInMember>[1] = {}) => signedInMember(db, opts);
Deno.test.afterAll(() => env.close());

async function page(path: string, cookie?: string, status = 200) {
  const res = await request(path, { cookie });
  assert.equal(res.status, status, `${path}: expected ${status}, got ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** A regex match that reports only the pattern on failure (the page itself is too long to print). */
function has(html: string, re: RegExp, message = "") {
  assert.ok(re.test(html), `page does not match ${re} ${message}`);
}

/** The props JSON of an island on the page, or null when the page has none of that name. */
function islandProps(html: string, name: string) {
  const m = new RegExp(`<script type="application/json" data-island-props="${name}">(.*?)</script>`).exec(html);
  return m ? JSON.parse(m[1]) : null;
}

const creator = await member({ username: "Grid_Maker" });
const admin = await member({ username: "site_boss", isAdmin: true });
const visitorless = await member({ username: "quiet_one" });
const approvedItem = await createMedia(db, { userId: creator.id, title: "Public dream", createdAt: Date.now() - 1000 });
const pendingItem = await createMedia(db, { userId: creator.id, title: "Pending dream", reviewStatus: "pending" });
const hiddenItem = await createMedia(db, { userId: creator.id, title: "Reported dream", hidden: true });

Deno.test("[page] /user/{username} shows the member, the About line, their approved items only, by username or id", async () => {
  for (const path of ["/user/Grid_Maker", "/user/grid_maker", `/user/${creator.id}`]) {
    const html = await page(path);
    has(html, /<h1[^>]*>.*Grid_Maker/s, path);
    has(html, /data-testid="role">Member</);
    has(html, /Joined [A-Z][a-z]+ \d{1,2}, \d{4}/);
    has(html, /data-testid="about".*About:.*AI creator sharing videos and images on Dreamreel\./s);
    assert.ok(!html.includes(">Admin<"), "no Admin badge for a member");
    const grid = islandProps(html, "UserContent");
    assert.deepEqual(grid.items.map((i: { id: number }) => i.id), [approvedItem.id]);
    assert.ok(!html.includes("Pending dream") && !html.includes("Reported dream"), "pending and hidden items are absent");
    assert.ok(html.includes(`href="/media/`), "cards open the media page");
    assert.ok(!html.includes(creator.email!), "no email on the page");
  }
  // Even the owner sees only public items on the public profile.
  const own = await page("/user/Grid_Maker", creator.cookie);
  assert.deepEqual(islandProps(own, "UserContent").items.map((i: { id: number }) => i.id), [approvedItem.id]);
  assert.ok(pendingItem.id && hiddenItem.id);
});

Deno.test("[page] /user/{name}: the Admin badge and Administrator label for admins", async () => {
  const html = await page("/user/site_boss");
  has(html, />Admin</);
  has(html, /data-testid="role">Administrator</);
  has(html, /site_boss hasn(’|'|&#x27;)t shared any content yet\./);
});

Deno.test("[page] /user/{name}'s message box: disabled with a login prompt for visitors, an island for members, absent on one's own profile", async () => {
  const visitor = await page("/user/Grid_Maker");
  assert.equal(islandProps(visitor, "ProfileMessageBox"), null, "no script for the visitor's box");
  const box = visitor.slice(visitor.indexOf('data-testid="message-box"'));
  has(box.slice(0, 2000), /<textarea[^>]*disabled/);
  has(box.slice(0, 2000), /You need to be logged in to send messages\..*href="\/auth\?next=%2Fuser%2F\d+"/s);

  const asMember = await page("/user/Grid_Maker", visitorless.cookie);
  assert.deepEqual(islandProps(asMember, "ProfileMessageBox"), {
    userId: creator.id,
    username: "Grid_Maker",
    signedIn: true,
    blockedByMe: false,
  });
  assert.ok(asMember.includes(`href="/my-messages?with=${creator.id}"`), "links to the conversation");
  // The attribute, not the class's `disabled:` variants.
  assert.match(asMember.match(/<textarea[^>]*>/)![0], /^(?!.*\sdisabled(?:[=\s>]|$))/);

  const own = await page("/user/Grid_Maker", creator.cookie);
  assert.equal(islandProps(own, "ProfileMessageBox"), null);
  assert.ok(!own.includes('data-testid="message-box"'));

  await request(`/api/users/block/${creator.id}`, { method: "POST", cookie: visitorless.cookie });
  const blocked = await page("/user/Grid_Maker", visitorless.cookie);
  assert.equal(islandProps(blocked, "ProfileMessageBox").blockedByMe, true);
  has(blocked, /You have blocked Grid_Maker/);
  await request(`/api/users/block/${creator.id}`, { method: "DELETE", cookie: visitorless.cookie });
});

Deno.test("[page] /user/{unknown} and banned members answer the 404 page with the spec's texts", async () => {
  for (const path of ["/user/no_such_member", "/user/987654", `/user/${"z".repeat(300)}`]) {
    const html = await page(path, undefined, 404);
    has(html, new RegExp(`<h1[^>]*>${PROFILE_MSG.notFoundTitle}</h1>`));
    assert.ok(html.includes("The user you&#x27;re looking for doesn&#x27;t exist or has been removed."), path);
    has(html, /<meta name="robots" content="noindex"/);
  }
  const banned = await member({ username: "was_banned" });
  await createMedia(db, { userId: banned.id, title: "Banned member's item" });
  await db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
  await page("/user/was_banned", undefined, 404);
  await page("/user/was_banned", visitorless.cookie, 404);
  const asAdmin = await page("/user/was_banned", admin.cookie);
  has(asAdmin, /This account is banned/);
});

Deno.test("[page] /user/{name} metadata: title, description, canonical by username, Open Graph profile, JSON-LD", async () => {
  const html = await page(`/user/${creator.id}`);
  has(html, /<title>Grid_Maker \| Dreamreel<\/title>/);
  has(html, /<meta name="description" content="Grid_Maker on Dreamreel: 1 AI-generated video or image\. Member since [A-Z][a-z]+ \d{4}\."/);
  has(html, /<link rel="canonical" href="http:\/\/localhost:8000\/user\/Grid_Maker"/);
  has(html, /<meta property="og:type" content="profile"/);
  has(html, /<meta property="og:url" content="http:\/\/localhost:8000\/user\/Grid_Maker"/);
  has(html, /<meta property="profile:username" content="Grid_Maker"/);
  const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]);
  assert.equal(ld["@type"], "ProfilePage");
  assert.equal(ld.mainEntity.name, "Grid_Maker");
  assert.ok(!/noindex/.test(html));
});

Deno.test("[page] /user/{name} pages its grid with Prev and Next; a page past the end is a 404", async () => {
  const prolific = await member({ username: "prolific" });
  for (let i = 0; i < PROFILE_PAGE_SIZE + 3; i++) {
    await createMedia(db, { userId: prolific.id, title: `Work ${i}`, createdAt: 1_700_000_000_000 + i });
  }
  const first = await page("/user/prolific");
  assert.equal(islandProps(first, "UserContent").items.length, PROFILE_PAGE_SIZE);
  has(first, /Page 1 of 2/);
  // Issue 44: Next names the last card's key (an opaque cursor); page 2 by number is the same page.
  const nextHref = /href="(\/user\/prolific\?cursor=[A-Za-z0-9_-]+)" rel="next"/.exec(first)?.[1];
  assert.ok(nextHref, "Next carries a cursor");
  assert.ok(!first.includes('rel="prev"'));
  const byCursor = await page(nextHref);
  has(byCursor, /Page 2 of 2/);
  const second = await page("/user/prolific?page=2");
  assert.deepEqual(islandProps(byCursor, "UserContent").items, islandProps(second, "UserContent").items);
  assert.deepEqual(islandProps(second, "UserContent").items.map((i: { title: string }) => i.title), ["Work 2", "Work 1", "Work 0"]);
  has(second, /href="\/user\/prolific" rel="prev"/);
  has(second, /<link rel="canonical" href="http:\/\/localhost:8000\/user\/prolific\?page=2"/);
  await page("/user/prolific?page=3", undefined, 404);
  // A malformed page number reads as the first page.
  assert.match(await page("/user/prolific?page=abc"), /Page 1 of 2/);
});

Deno.test("[page] an all-digit username is reached by id wherever the site links it", async () => {
  const digits = await member({ username: "2468" });
  await createMedia(db, { userId: digits.id, title: "Numbers dream" });
  const html = await page(`/user/${digits.id}`);
  has(html, /<h1[^>]*>.*2468/s);
  has(html, new RegExp(`<link rel="canonical" href="http://localhost:8000/user/${digits.id}"`));
  // No member has id 2468 here, so the name works too.
  assert.match(await page("/user/2468"), /<h1[^>]*>.*2468/s);
  const search = await page("/search?q=Numbers");
  assert.ok(search.includes(`href="/user/${digits.id}"`), "the card links the uploader by id");
});

Deno.test("[page] every uploader link on cards and media pages opens a working profile", async () => {
  const search = await page("/search?q=Public");
  const cardLink = /href="(\/user\/[^"]+)"/.exec(search)![1];
  assert.equal(cardLink, "/user/Grid_Maker");
  assert.match(await page(cardLink), /<h1[^>]*>.*Grid_Maker/s);
  const media = await page(`/media/${approvedItem.id}`);
  const uploader = /href="(\/user\/[^"]+)"[^>]*data-testid="uploader-link"/.exec(media)![1];
  assert.equal(uploader, `/user/${creator.id}`);
  assert.match(await page(uploader), /<h1[^>]*>.*Grid_Maker/s);
  const home = await page("/");
  const links = [...home.matchAll(/href="(\/user\/[^"]+)"/g)].map((m) => m[1]);
  // The home feed is shuffled and other tests add items, so which uploaders it shows varies:
  // every one of them must open (a banned member's profile is gone; their items are the
  // moderators' call).
  assert.ok(links.length > 0, "the home page's cards link their uploaders");
  for (const href of links.filter((l) => l !== "/user/was_banned")) await page(href);
});

Deno.test("[page] sitemap.xml lists the profiles of members with public items, never banned ones", async () => {
  const res = await request("/sitemap.xml");
  assert.equal(res.status, 200);
  const xml = await res.text();
  assert.ok(xml.includes("<loc>http://localhost:8000/user/Grid_Maker</loc>"));
  assert.ok(!xml.includes("/user/quiet_one"), "no profile without public items");
  assert.ok(!xml.includes("/user/was_banned"));
  assert.ok(!xml.includes("/user/site_boss"));
});

// ---------------------------------------------------------------- /my-messages

Deno.test("[page] /my-messages sends visitors to /auth and renders the member's conversations", async () => {
  const res = await request("/my-messages");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/auth?next=%2Fmy-messages");
  const other = await member({ username: "pen_pal" });
  await db.insert(messages).values({ senderId: other.id, receiverId: visitorless.id, content: "Hi <b>there</b>" });
  const html = await page("/my-messages", visitorless.cookie);
  const props = islandProps(html, "Messages");
  assert.deepEqual(props.me, { id: visitorless.id, username: "quiet_one" });
  assert.equal(props.conversations[0].username, "pen_pal");
  assert.equal(props.conversations[0].unreadCount, 1);
  assert.equal(props.open, null);
  assert.ok(html.includes("Hi &lt;b&gt;there&lt;/b&gt;"), "message text is escaped");
  has(html, /<meta name="robots" content="noindex"/);
});

Deno.test("[page] /my-messages?with={userId} opens that conversation; a bad or unknown id says 'User not found'", async () => {
  const pal = (await db.select().from(users).where(eq(users.username, "pen_pal")).get())!;
  const html = await page(`/my-messages?with=${pal.id}`, visitorless.cookie);
  const props = islandProps(html, "Messages");
  assert.deepEqual(props.open, { id: pal.id, username: "pen_pal", blockedByMe: false });
  assert.deepEqual(props.messages.map((m: { content: string }) => m.content), ["Hi <b>there</b>"]);
  // A member never written to opens as an empty conversation.
  const fresh = islandProps(await page(`/my-messages?with=${creator.id}`, visitorless.cookie), "Messages");
  assert.deepEqual([fresh.open.username, fresh.messages], ["Grid_Maker", []]);
  for (const bad of ["abc", "999999", String(visitorless.id)]) {
    const p = islandProps(await page(`/my-messages?with=${bad}`, visitorless.cookie), "Messages");
    assert.equal(p.open, null);
    assert.ok(p.notice, bad);
  }
});
