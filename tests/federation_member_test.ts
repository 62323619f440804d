/**
 * Issue 40 points 6 and 7: a member's `federated` switch in GET and PATCH /api/user (off: the actor
 * is 404 and the servers that followed get Delete of it), account deletion announced the same way,
 * and FEDERATION=false answering 404 to ActivityPub clients. Against the real Fedify peer.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Accept, Delete } from "@fedify/vocab";
import { createUser, errorOf, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { startPeer } from "./_fedi_peer.ts";
import { AP, startFederatedServer } from "./_federation.ts";
import { remoteFollows, users } from "../db/schema/mod.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "[federation] federated off: 404 actor, Delete of the actor at the follower's server; account deletion likewise",
  opts,
  async (t) => {
    const server = await startFederatedServer();
    const peer = await startPeer();
    try {
      const { db, origin } = server;
      const call = (path: string, init: RequestInit & { cookie: string }) =>
        fetch(`${origin}${path}`, {
          ...init,
          headers: { ...(init.body ? { "content-type": "application/json" } : {}), cookie: `${init.cookie}; dr_age=1`, origin },
        });
      const mia = await createUser(db, { username: "mia_frames" });
      const cookie = await loginCookie(db, mia.id);
      const actorUrl = new URL(`${origin}/user/${mia.id}`);
      await peer.send("alice", actorUrl, peer.follow("alice", actorUrl));
      await peer.waitFor((r) => r.activity instanceof Accept, 60_000, "the Accept");

      await t.step("GET /api/user says federated; PATCH validates it", async () => {
        const me = await json(await call("/api/user", { cookie }));
        assert.equal(me.federated, true);
        for (const bad of [{ federated: "no" }, { federated: 0 }, {}]) {
          const res = await call("/api/user", { method: "PATCH", cookie, body: JSON.stringify(bad) });
          await errorOf(res, 400);
        }
        const [row] = await db.select({ on: users.federated }).from(users).where(eq(users.id, mia.id));
        assert.equal(row.on, true);
      });

      await t.step("PATCH { federated: false }: the actor is 404 and the follower's server gets Delete of it", async () => {
        const out = await json(await call("/api/user", { method: "PATCH", cookie, body: JSON.stringify({ federated: false }) }));
        assert.equal(out.federated, false);
        assert.equal(out.username, "mia_frames");
        const res = await fetch(actorUrl, { headers: AP });
        assert.equal(res.status, 404);
        await res.body?.cancel();
        const got = await peer.waitFor((r) => r.activity instanceof Delete, 60_000, "Delete of the actor");
        assert.equal((got.activity as Delete).objectId?.href, actorUrl.href);
        await until(async () => (await db.select().from(remoteFollows).where(eq(remoteFollows.userId, mia.id))).length === 0);
        const [row] = await db.select({ on: users.federated, n: users.remoteFollowerCount }).from(users).where(eq(users.id, mia.id));
        assert.deepEqual(row, { on: false, n: 0 });
        const back = await json(await call("/api/user", { method: "PATCH", cookie, body: JSON.stringify({ federated: true }) }));
        assert.equal(back.federated, true);
        const again = await fetch(actorUrl, { headers: AP });
        assert.equal(again.status, 200);
        await again.body?.cancel();
      });

      await t.step("account deletion sends Delete of the actor before the keys go", async () => {
        const ken = await createUser(db, { username: "ken_loops", password: "secret-pass" });
        const kenUrl = new URL(`${origin}/user/${ken.id}`);
        await peer.send("bob", kenUrl, peer.follow("bob", kenUrl));
        await peer.waitFor((r) => r.activity instanceof Accept && r.activity.actorId?.href === kenUrl.href, 60_000, "ken's Accept");
        const res = await call("/api/user", {
          method: "DELETE",
          cookie: await loginCookie(db, ken.id),
          body: JSON.stringify({ currentPassword: "secret-pass" }),
        });
        assert.equal(res.status, 200, await res.clone().text());
        await res.body?.cancel();
        const got = await peer.waitFor(
          (r) => r.activity instanceof Delete && (r.activity as Delete).objectId?.href === kenUrl.href,
          60_000,
          "ken's Delete",
        );
        assert.equal(got.activity.actorId?.href, kenUrl.href);
        const gone = await fetch(kenUrl, { headers: AP });
        assert.equal(gone.status, 404);
        await gone.body?.cancel();
      });
    } finally {
      await peer.close();
      await server.shutdown();
    }
  },
);

Deno.test("[federation] FEDERATION=false: WebFinger, NodeInfo, actors and inboxes answer 404", async () => {
  await using env = await makeTestEnv({ FEDERATION: "false" });
  const mia = await createUser(env.db, { username: "mia_frames" });
  for (
    const [path, init] of [
      ["/.well-known/webfinger?resource=acct:mia_frames@localhost:8000", {}],
      ["/.well-known/nodeinfo", {}],
      [`/user/${mia.id}`, { headers: AP }],
      [`/user/${mia.id}/outbox`, { headers: AP }],
    ] as const
  ) {
    const res = await env.request(path, init);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
  const post = await env.request("/inbox", { method: "POST", headers: { "content-type": "application/activity+json" }, body: "{}" });
  assert.ok([403, 404, 415].includes(post.status), String(post.status));
  await post.body?.cancel();
  const page = await env.request(`/user/${mia.id}`);
  assert.equal(page.status, 200, "the profile page stays");
  await page.body?.cancel();
});
