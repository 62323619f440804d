import assert from "node:assert/strict";
import { messages } from "../db/schema/mod.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

Deno.test("[api] GET /api/messages/unread/count: 401 for visitors; counts only the member's unread, undeleted messages", async () => {
  await using env = await makeTestEnv();
  const out = await env.request("/api/messages/unread/count");
  assert.equal(out.status, 401);
  assert.equal(typeof (await out.json()).error, "string");
  const [me, other] = [await createUser(env.db), await createUser(env.db)];
  const cookie = await loginCookie(env.db, me.id);
  const count = async () => (await (await env.request("/api/messages/unread/count", { cookie })).json()).count;
  assert.equal(await count(), 0);
  await env.db.insert(messages).values([
    { senderId: other.id, receiverId: me.id, content: "unread" },
    { senderId: other.id, receiverId: me.id, content: "read", readAt: Date.now() },
    { senderId: other.id, receiverId: me.id, content: "deleted on my side", deletedByReceiver: true },
    { senderId: me.id, receiverId: other.id, content: "sent by me" },
  ]);
  assert.equal(await count(), 1);
});
