/**
 * Issue 37, the Litestream child: none without REPLICA_URL (even with every other REPLICA_*
 * setting); with it, exactly one for two web workers; `kill -9` of Litestream alone gets it
 * restarted with no acknowledged write lost; SIGTERM stops it last, after a final sync (a write
 * made just before the SIGTERM is in the replica). On moto.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tempDir } from "./_helpers.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";
import { alive, call, cookieOf, healthz, litestreamsOf, processTree, replicaEnv, runTask, startSite, waitFor } from "./_replica.ts";

const MOTO = needsMoto(import.meta.url, motoCommand());
const PASSWORD = "restart-password";

/** The messages a restored copy holds. */
async function restoredMessages(env: Record<string, string>): Promise<Set<string>> {
  const dir = `${tempDir("dreamreel-restored-")}/db`;
  const out = await runTask("restore", ["--to", dir], env);
  assert.equal(out.code, 0, out.text);
  const db = new DatabaseSync(`${dir}/dreamreel.db`, { readOnly: true });
  try {
    return new Set((db.prepare("SELECT content FROM messages").all() as { content: string }[]).map((r) => r.content));
  } finally {
    db.close();
  }
}

Deno.test({
  name: "[replica] without REPLICA_URL no Litestream runs, whatever other REPLICA_* settings say; /healthz says off",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dataDir = tempDir();
    const site = await startSite(dataDir, {
      WEB_CONCURRENCY: "2",
      REPLICA_ENDPOINT: "http://127.0.0.1:9",
      REPLICA_ACCESS_KEY_ID: "k",
      REPLICA_SECRET_ACCESS_KEY: "s",
      REPLICA_FORCE_PATH_STYLE: "true",
      LITESTREAM_BIN: "/no/such/litestream",
    });
    try {
      assert.deepEqual((await healthz(site.url)).body, { db: "ok", replica: "off" });
      const commands = processTree(site.child.pid).map((p) => Deno.readTextFileSync(`/proc/${p}/cmdline`));
      assert.equal(commands.filter((c) => c.includes("litestream")).length, 0, commands.join("\n"));
      assert.ok(!existsSync(`${dataDir}/litestream.yml`) && !existsSync(`${dataDir}/replica-status.json`));
      assert.ok(!site.out.text.includes("replica"), site.out.text);
    } finally {
      site.child.kill("SIGTERM");
      await site.child.status;
    }
  },
});

Deno.test({
  name: "[replica] one Litestream for two workers; kill -9 of it alone: restarted, no write lost; SIGTERM stops it last after a final sync",
  ignore: !MOTO,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const moto = await startMoto();
    const dataDir = tempDir();
    const env = {
      ...replicaEnv(moto, "restart"),
      WEB_CONCURRENCY: "2",
      RATE_REGISTER_PER_IP: "1000",
      RATE_MESSAGES_PER_USER: "100000",
    };
    const site = await startSite(dataDir, env);
    let running = true;
    try {
      const { url } = site;
      await waitFor("the replica in sync", async () => (await healthz(url)).body.replica === "ok");
      const [first] = litestreamsOf(site.child.pid);
      assert.equal(litestreamsOf(site.child.pid).length, 1, "exactly one Litestream");
      const members: { id: number; cookie: string }[] = [];
      for (const name of ["restart_a", "restart_b"]) {
        const res = await call(url, "/api/register", {
          json: { username: name, email: `${name}@example.com`, dateOfBirth: "1990-01-01", password: PASSWORD, termsAccepted: true },
        });
        assert.equal(res.status, 201);
        members.push({ id: (await res.json()).id as number, cookie: cookieOf(res) });
      }
      const sent: string[] = [];
      const send = async (content: string) => {
        const res = await call(url, "/api/messages/send", { cookie: members[0].cookie, json: { receiverId: members[1].id, content } });
        assert.equal(res.status, 201);
        await res.body?.cancel();
        sent.push(content);
      };
      // Writes before, while and after Litestream is killed and comes back.
      let stop = false;
      const writing = (async () => {
        for (let i = 0; !stop; i++) {
          await send(`restart message ${i}`);
          await new Promise((r) => setTimeout(r, 30));
        }
      })();
      await waitFor("some writes", () => sent.length >= 20);
      Deno.kill(first, "SIGKILL");
      const second = await waitFor("a new Litestream", () => litestreamsOf(site.child.pid).find((p) => p !== first));
      assert.ok(!alive(first));
      assert.equal(litestreamsOf(site.child.pid).length, 1);
      await waitFor("the log of the restart", () => site.out.text.includes('"msg":"replica: Litestream exited; restarting"'));
      const killedAt = sent.length;
      await waitFor("writes after the restart", () => sent.length >= killedAt + 20);
      stop = true;
      await writing;
      const lastAt = Date.now();
      await waitFor("the replica caught up", async () => {
        const h = (await healthz(url)).body;
        return h.replica === "ok" && Date.parse(h.replicaSyncedAt) > lastAt;
      });
      const status = JSON.parse(Deno.readTextFileSync(`${dataDir}/replica-status.json`));
      assert.equal(status.pid, second);
      assert.equal(status.restarts, 1);
      const copy = await restoredMessages(env);
      assert.deepEqual(sent.filter((m) => !copy.has(m)), [], "every acknowledged write is in the replica");

      // A write, then SIGTERM at once: the final sync takes it along; Litestream is the last to go.
      await send("the last word");
      site.child.kill("SIGTERM");
      assert.equal((await site.child.status).code, 0);
      running = false;
      assert.ok(!alive(second), "Litestream stopped with the site");
      const final = await restoredMessages(env);
      assert.ok(final.has("the last word"), "the final sync sent the last write");
    } finally {
      if (running) {
        site.child.kill("SIGTERM");
        await site.child.status;
      }
      await moto.close();
    }
  },
});
