import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_COMMENTS_PER_USER: "2", RATE_REPORTS_PER_USER: "2", SIGNING_SECRET: "s".repeat(40) });
const { request, db } = env;
const user = await createUser(db);
const cookie = await loginCookie(db, user.id);
const item = await createMedia(db, { userId: user.id, title: "Limited" });

Deno.test("[api] comments are rate limited per user (429 with Retry-After)", async () => {
  for (let i = 0; i < 2; i++) {
    assert.equal((await request(`/api/videos/${item.id}/comments`, { json: { content: `c${i}` }, cookie })).status, 201);
  }
  const res = await request(`/api/videos/${item.id}/comments`, { json: { content: "one too many" }, cookie });
  assert.equal(res.status, 429);
  assert.ok(Number(res.headers.get("retry-after")) > 0);
  assert.match((await res.json()).error, /Too many attempts/);
});

Deno.test("[api] reports are rate limited per visitor address (429 with Retry-After)", async () => {
  const others = await Promise.all([1, 2, 3].map((i) => createMedia(db, { userId: user.id, title: `R${i}` })));
  for (const o of others.slice(0, 2)) {
    assert.equal((await request("/api/reports", { json: { videoId: o.id, reason: "other" } })).status, 201);
  }
  const res = await request("/api/reports", { json: { videoId: others[2].id, reason: "other" } });
  assert.equal(res.status, 429);
  assert.ok(res.headers.get("retry-after"));
});

Deno.test("[api] SIGNING_SECRET from the config is used: no secret.key is written", async () => {
  const { existsSync } = await import("node:fs");
  assert.equal(existsSync(`${env.config.dataDir}/secret.key`), false);
});
