/**
 * Issue 42 point 3: watched words see what people see. Invisible code points (U+200B, U+200C,
 * U+200D, U+00AD, U+2060 ...) are removed and look-alikes folded to their Latin skeleton (UTS #39,
 * the confusables table of the `unhomoglyph` package, lib/community/skeleton.ts) before matching, for comments, forum threads
 * (title, body, tags), forum comments and pending items (title, description, tags). Each disguised
 * form is held exactly like the plain word; ordinary text is not.
 */
import assert from "node:assert/strict";
import { compileWatchList, findWatched, foldForMatch, parseWatchedEntry, wordsOf } from "../common/watched_words.ts";
import { skeleton } from "../lib/community/skeleton.ts";
import { createMedia, createUser, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { makeThread } from "./_forum.ts";
import { commentRow, forumCommentRow, threadRowOf } from "./_moderation.ts";

/** The probe's forms of "scamcoin": each invisible code point inside it, and a Cyrillic "с" (U+0441) for the Latin c. */
const DISGUISED: [string, string][] = [
  ["U+200B zero width space", "scam\u200bcoin"],
  ["U+200C zero width non-joiner", "scam\u200ccoin"],
  ["U+200D zero width joiner", "scam\u200dcoin"],
  ["U+00AD soft hyphen", "scam\u00adcoin"],
  ["U+2060 word joiner", "scam\u2060coin"],
  ["U+0441 Cyrillic es", "s\u0441amcoin"],
  ["U+FE0F variation selector", "scam\ufe0fcoin"],
  ["U+FEFF zero width no-break space", "sc\ufeffamcoin"],
  ["Cyrillic а and о, fullwidth ｃ", "sc\u0430m\uff43\u043ein"],
];

const entry = (input: string) => {
  const parsed = parseWatchedEntry(input);
  if (!("pattern" in parsed)) throw new Error(parsed.error);
  return parsed.pattern;
};
const match = (entries: string[], text: string) => findWatched(compileWatchList(entries.map(entry), skeleton), [text]);

Deno.test("[unit] every disguised form matches the plain entry, alone, in a sentence and as a wildcard", () => {
  for (const [name, word] of DISGUISED) {
    assert.deepEqual(match(["scamcoin"], word), ["scamcoin"], name);
    assert.deepEqual(match(["scamcoin"], `Buy ${word} today!`), ["scamcoin"], name);
    assert.deepEqual(match(["scam*"], `${word}s`), ["scam*"], name);
    assert.deepEqual(match(["buy scamcoin"], `BUY ${word}`), ["buy scamcoin"], name);
    assert.deepEqual(wordsOf(word, skeleton), wordsOf("scamcoin", skeleton), name);
  }
});

Deno.test("[unit] an entry typed with a look-alike or an invisible character is stored as typed and matches the plain word", () => {
  assert.equal(entry("s\u0441am\u200bcoin"), "s\u0441amcoin", "the invisible character goes, the letter is kept as typed");
  assert.deepEqual(match(["s\u0441amcoin"], "scamcoin"), ["s\u0441amcoin"]);
  assert.deepEqual(match(["scam\u00adcoin"], "scamcoin"), ["scamcoin"]);
});

Deno.test("[unit] ordinary text is unaffected: other words, accents, digits, other scripts", () => {
  assert.deepEqual(match(["scamcoin"], "A calm sea and a scam of a coin"), []);
  assert.deepEqual(match(["scamcoin"], "scamcoins are not scamcoin-ish"), ["scamcoin"]);
  assert.deepEqual(match(["scam"], "Scammers are not a scam"), ["scam"]);
  assert.deepEqual(match(["creme brulee"], "Crème brûlée, please"), ["creme brulee"]);
  assert.deepEqual(match(["scamcoin"], "Привет, мир. こんにちは"), []);
  assert.deepEqual(match(["мир"], "Привет, мир"), ["мир"], "an entry in another script still matches its own words");
  assert.deepEqual(wordsOf("it's e-mail: ok_now 3.5", skeleton), ["it", "s", "e", "rnail", "ok", "now", "3", "5"]);
  assert.equal(foldForMatch("Ｃa\u200bfé\u00ad"), "cafe");
  assert.equal(skeleton("sсam"), skeleton("scam"));
  assert.notEqual(skeleton("scan"), skeleton("scam"));
});

Deno.test("[unit] bounded work: a long text of invisible characters and look-alikes is one pass, words kept short", () => {
  const hostile = "s\u200b\u0441".repeat(20_000) + " " + "\u00ad".repeat(50_000) + " scam\u2060coin";
  const words = wordsOf(hostile, skeleton);
  assert.equal(words.length, 2);
  assert.ok(words[0].endsWith("…") && words[0].length <= 241, "an over-long word is cut with a mark");
  assert.deepEqual(match(["scamcoin"], hostile), ["scamcoin"]);
});

const env = await makeTestEnv({
  RATE_COMMENTS_PER_USER: "1000",
  RATE_FORUM_COMMENTS_PER_USER: "1000",
  RATE_FORUM_THREADS_PER_USER: "1000",
});
const { request, db } = env;
Deno.test.afterAll(() => env.close());
const admin = await createUser(db, { username: "skel_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const member = await createUser(db, { username: "skel_member" });
const memberCookie = await loginCookie(db, member.id);
await json(await request("/api/admin/watched-words", { cookie: adminCookie, json: { word: "scamcoin" } }), 201);

Deno.test("[api] a comment, a forum thread (title, body, tags) and a forum comment with any disguised form are held like the plain word", async () => {
  const item = await createMedia(db, { userId: admin.id, title: "Skeleton item", reviewStatus: "approved" });
  const open = await makeThread(db, { userId: admin.id, title: "Open thread" });
  for (const [name, word] of [["plain", "scamcoin"], ...DISGUISED]) {
    const c = await json(
      await request(`/api/videos/${item.id}/comments`, { cookie: memberCookie, json: { content: `get ${word} now` } }),
      201,
    );
    assert.equal(c.status, "held", name);
    assert.deepEqual([(await commentRow(db, c.id))?.status, (await commentRow(db, c.id))?.heldReason], ["held", "word:scamcoin"], name);
    for (
      const body of [{ title: `About ${word}`, content: "hi" }, { title: "Hello", content: `see ${word}` }, {
        title: "Tagged",
        content: "hi",
        tags: word,
      }]
    ) {
      const t = await json(await request("/api/forum/threads", { cookie: memberCookie, json: body }), 201);
      assert.equal(t.status, "held", `${name}: ${JSON.stringify(body)}`);
      assert.equal((await threadRowOf(db, t.id))?.heldReason, "word:scamcoin");
    }
    const fc = await json(await request(`/api/forum/threads/${open.id}/comments`, { cookie: memberCookie, json: { content: word } }), 201);
    assert.equal(fc.status, "held", name);
    assert.equal((await forumCommentRow(db, fc.id))?.status, "held");
  }
  // Nobody else sees any of them.
  assert.deepEqual(await json(await request(`/api/videos/${item.id}/comments`)), []);
  // Ordinary text shows at once.
  const fine = await json(
    await request(`/api/videos/${item.id}/comments`, { cookie: memberCookie, json: { content: "a scam coin? no, a calm sea" } }),
    201,
  );
  assert.equal(fine.status, undefined);
  assert.equal((await commentRow(db, fine.id))?.status, "shown");
});

Deno.test("[api] pending items are flagged through a disguised title, description or tag", async () => {
  const flagged = [
    await createMedia(db, { userId: member.id, title: "Get scam\u200bcoin", reviewStatus: "pending" }),
    await createMedia(db, { userId: member.id, title: "Plain", description: "all about s\u0441amcoin", reviewStatus: "pending" }),
    await createMedia(db, { userId: member.id, title: "Tagged", tags: "scam\u00adcoin,sea", reviewStatus: "pending" }),
  ];
  const plain = await createMedia(db, { userId: member.id, title: "Calm sea", tags: "sea,coin", reviewStatus: "pending" });
  const list = await json(await request("/api/admin/content/pending", { cookie: adminCookie }));
  const flags = (id: number) => list.find((i: { id: number }) => i.id === id).watchedWords;
  for (const f of flagged) assert.deepEqual(flags(f.id), ["scamcoin"]);
  assert.deepEqual(flags(plain.id), []);
});

Deno.test("[api] usernames take only ASCII letters, digits, _ and -: no invisible or look-alike character reaches one", async () => {
  for (const username of ["scam\u200bcoin", "s\u0441amcoin", "scam\u00adcoin"]) {
    const res = await request("/api/register", {
      json: {
        username,
        email: `u${crypto.randomUUID().slice(0, 6)}@example.com`,
        dateOfBirth: "1990-05-17",
        password: "hunter22",
        termsAccepted: true,
      },
    });
    assert.equal(res.status, 400, JSON.stringify(username));
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(typeof (await res.json()).error, "string");
  }
  const rows = await db.client.execute("SELECT count(*) AS n FROM users WHERE username LIKE 'scam%' OR username LIKE 's%amcoin'");
  assert.equal(Number(rows.rows[0].n), 0);
});
