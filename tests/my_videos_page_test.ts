import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

Deno.test("[page] /my-videos marks an item hidden by reports as under review, links comments to their heading", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const hidden = await createMedia(env.db, { userId: member.id, title: "Reported clip", hidden: true, openReports: 5 });
  await createMedia(env.db, { userId: member.id, title: "Fine clip" });
  const res = await env.request("/my-videos", { cookie: await loginCookie(env.db, member.id) });
  assert.equal(res.status, 200);
  const html = await res.text();
  const card = html.slice(html.indexOf(`data-item-id="${hidden.id}"`));
  assert.match(card.slice(0, card.indexOf("</li>")), /Hidden — under review/);
  assert.match(html, /Approved/, "the other item is plainly approved");
  assert.ok(html.includes(`href="/media/${hidden.id}#comments-title"`));
});
