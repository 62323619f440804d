/**
 * Notification mails (issue 33 point 5): only to verified addresses, at most one per kind an hour, followed
 * uploads as a daily digest, each with List-Unsubscribe (RFC 8058): the one-click POST works with no session
 * and no Origin, a GET changes nothing, and a token stops working when the member changes their email.
 */
import assert from "node:assert/strict";
import { createMedia, json, makeTestEnv, ORIGIN, signedInMember, type TestEnv } from "./_helpers.ts";
import { jobStates, runJobs } from "./_notifications.ts";
import { readOutbox } from "./_mail.ts";
import { FANOUT_JOB, MAIL_JOB } from "../common/notification_rules.ts";

const approve = (env: TestEnv, id: number, cookie: string) => env.request(`/api/admin/content/${id}/approve`, { method: "POST", cookie });

async function settingsOf(env: TestEnv, cookie: string) {
  return await json(await env.request("/api/user/notification-settings", { cookie }));
}

/** An RFC 2047 subject as read: its encoded words (quoted-printable UTF-8) decoded and joined. */
function subjectOf(raw: string): string {
  const words = raw.split(/\s+/).map((w) => /^=\?UTF-8\?Q\?(.*)\?=$/i.exec(w));
  if (words.some((w) => !w)) return raw;
  const bytes = words.map((w) => w![1]).join("").replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
  return decodeURIComponent(bytes);
}

/** A bare POST as a mail provider sends it: no cookie, no Origin, no Sec-Fetch-Site. */
const oneClick = (env: TestEnv, url: string) =>
  env.app.request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

Deno.test("[mail] an approval mails a verified owner with List-Unsubscribe headers; an unverified one gets none; one mail per kind an hour", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const owner = await signedInMember(env.db, { username: "mail_owner", emailVerified: true });
  const unverified = await signedInMember(env.db, { emailVerified: false });
  const items = await Promise.all(
    [0, 1].map((i) => createMedia(env.db, { userId: owner.id, title: `Sunrise ${i}`, reviewStatus: "pending" })),
  );
  const theirs = await createMedia(env.db, { userId: unverified.id, reviewStatus: "pending" });
  await json(await approve(env, items[0].id, admin.cookie));
  await json(await approve(env, theirs.id, admin.cookie));
  assert.deepEqual(await jobStates(env, MAIL_JOB), ["queued"], "a job for the verified owner only");
  await runJobs(env, [MAIL_JOB]);
  const [mail, ...rest] = await readOutbox(env.config.mail.outboxDir);
  assert.deepEqual(rest, []);
  assert.equal(mail.headers.get("to"), owner.email);
  assert.match(subjectOf(mail.headers.get("subject")!), /^Your upload “Sunrise 0” was approved and is public\. \(Dreamreel\)$/);
  assert.match(mail.text, /Your upload “Sunrise 0” was approved and is public\./);
  assert.ok(mail.text.includes(`${ORIGIN}/media/${items[0].id}`));
  assert.equal(mail.headers.get("list-unsubscribe-post"), "List-Unsubscribe=One-Click");
  const link = /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe")!)![1];
  assert.ok(link.startsWith(`${ORIGIN}/notifications/unsubscribe?`), link);
  assert.ok(mail.text.includes(link), "the body carries the same link");

  // A second approval within the hour: its mail waits for the hour's end.
  await json(await approve(env, items[1].id, admin.cookie));
  const waiting = await env.db.client.execute({ sql: "SELECT run_after FROM jobs WHERE kind = ? AND state = 'queued'", args: [MAIL_JOB] });
  assert.equal(waiting.rows.length, 1);
  assert.ok(Number(waiting.rows[0].run_after) > Date.now() + 55 * 60_000, "due an hour after the first mail");
  await runJobs(env, [MAIL_JOB]);
  assert.equal((await readOutbox(env.config.mail.outboxDir)).length, 1);
  // A comment is web-only by default: no mail.
  const fan = await signedInMember(env.db);
  await json(await env.request(`/api/videos/${items[0].id}/comments`, { cookie: fan.cookie, json: { content: "Great" } }), 201);
  assert.equal((await jobStates(env, MAIL_JOB)).length, 2);
});

Deno.test("[mail] one-click POST with no session and no Origin turns that kind's email off; GET shows a button and changes nothing", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const owner = await signedInMember(env.db, { emailVerified: true });
  await json(await approve(env, (await createMedia(env.db, { userId: owner.id, reviewStatus: "pending" })).id, admin.cookie));
  await runJobs(env, [MAIL_JOB]);
  const [mail] = await readOutbox(env.config.mail.outboxDir);
  const link = /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe")!)![1];

  const page = await env.app.request(link);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /Stop these emails\?/);
  assert.match(html, /<form action="\/notifications\/unsubscribe\?u=\d+&amp;k=upload_approved&amp;t=[\w-]+" method="post">/);
  assert.match(html, /data-testid="unsubscribe"/);
  assert.deepEqual((await settingsOf(env, owner.cookie)).upload_approved, { web: true, email: true }, "a GET changes nothing");

  const res = await oneClick(env, link);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /You are unsubscribed/);
  const after = await settingsOf(env, owner.cookie);
  assert.deepEqual(after.upload_approved, { web: true, email: false });
  assert.deepEqual(after.upload_rejected, { web: true, email: true }, "only that kind");
  assert.equal((await oneClick(env, link)).status, 200, "again: still off, no error");

  // A wrong token, another kind with this token, a malformed id: the same refusal, nothing changed.
  const u = new URL(link);
  const wrong = (k: string, v: string) => {
    const w = new URL(u);
    w.searchParams.set(k, v);
    return w.href;
  };
  for (
    const bad of [
      wrong("t", "x".repeat(43)),
      wrong("k", "upload_rejected"),
      wrong("u", "abc"),
      wrong("k", "nope"),
      `${ORIGIN}/notifications/unsubscribe`,
    ]
  ) {
    assert.equal((await oneClick(env, bad)).status, 403, bad);
    assert.equal((await env.app.request(bad)).status, 403, bad);
  }
  assert.deepEqual((await settingsOf(env, owner.cookie)).upload_rejected, { web: true, email: true });
  // The exemption is this path only: another POST with no Origin is refused.
  for (const path of ["/notifications/unsubscribe/x", "/notifications", "/api/notifications/read"]) {
    assert.equal((await oneClick(env, `${ORIGIN}${path}`)).status, 403, path);
  }
});

Deno.test("[mail] an unsubscribe link stops working when the member changes their email", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const owner = await signedInMember(env.db, { emailVerified: true });
  await json(await approve(env, (await createMedia(env.db, { userId: owner.id, reviewStatus: "pending" })).id, admin.cookie));
  await runJobs(env, [MAIL_JOB]);
  const [mail] = await readOutbox(env.config.mail.outboxDir);
  const link = /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe")!)![1];
  await json(
    await env.request("/api/user", {
      method: "PATCH",
      cookie: owner.cookie,
      json: { email: "new-address@example.com", currentPassword: owner.password },
    }),
  );
  assert.equal((await oneClick(env, link)).status, 403);
  assert.equal((await env.app.request(link)).status, 403);
  assert.deepEqual((await settingsOf(env, owner.cookie)).upload_approved, { web: true, email: true });
});

Deno.test("[mail] followed uploads come as one daily digest when that email is on", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const creator = await signedInMember(env.db, { username: "digest_creator" });
  const fan = await signedInMember(env.db, { emailVerified: true });
  const settings = await settingsOf(env, fan.cookie);
  await json(
    await env.request("/api/user/notification-settings", {
      method: "PUT",
      cookie: fan.cookie,
      json: { ...settings, followed_upload: { web: true, email: true } },
    }),
  );
  await json(await env.request(`/api/users/${creator.id}/follow`, { method: "POST", cookie: fan.cookie }));
  for (const title of ["First light", "Second wind"]) {
    await json(await approve(env, (await createMedia(env.db, { userId: creator.id, title, reviewStatus: "pending" })).id, admin.cookie));
    await runJobs(env, [FANOUT_JOB, MAIL_JOB]);
  }
  const mails = (await readOutbox(env.config.mail.outboxDir)).filter((m) => m.headers.get("to") === fan.email);
  assert.equal(mails.length, 1, "one mail; the second upload waits for the next digest");
  assert.equal(subjectOf(mails[0].headers.get("subject")!), "New uploads from creators you follow on Dreamreel");
  assert.match(mails[0].text, /digest_creator published “First light”/);
  const next = await env.db.client.execute({ sql: "SELECT run_after FROM jobs WHERE kind = ? AND state = 'queued'", args: [MAIL_JOB] });
  assert.equal(next.rows.length, 1);
  assert.ok(Number(next.rows[0].run_after) > Date.now() + 23 * 3_600_000, "the next digest a day after the first");
});
