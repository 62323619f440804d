/**
 * Issue 37 point 4, the drill, on moto: the site runs with a replica; members
 * register, post items, comment, like and write to each other; the whole machine dies (kill -9 of
 * every process, Litestream included) mid-write; the data directory is deleted; `deno task
 * restore` brings the database back; the site starts on it and goes on replicating. Every write
 * acknowledged more than 2 s before the kill is there. A point-in-time restore to a moment before
 * an item was deleted brings the item back.
 */
import assert from "node:assert/strict";
import { existsSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { DatabaseSync } from "node:sqlite";
import { parseConfig } from "../lib/config.ts";
import { restoreDatabase } from "../lib/replica/restore.ts";
import { tempDir } from "./_helpers.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";
import { call, cookieOf, healthz, killAll, litestreamsOf, replicaEnv, runTask, type Site, startSite, waitFor } from "./_replica.ts";

const MOTO = needsMoto(import.meta.url, motoCommand());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = "drill-password";

type Ack = { at: number; kind: "member" | "item" | "like" | "comment" | "message"; key: string };

/** The writes a database holds, as the keys the test recorded. */
function writesIn(path: string): Set<string> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const keys = new Set<string>();
    const q = (sql: string) => db.prepare(sql).all() as Record<string, string | number>[];
    for (const r of q("SELECT username FROM users")) keys.add(`member:${r.username}`);
    for (const r of q("SELECT title FROM media")) keys.add(`item:${r.title}`);
    for (const r of q("SELECT l.user_id, m.title FROM likes l JOIN media m ON m.id = l.media_id")) keys.add(`like:${r.user_id}:${r.title}`);
    for (const r of q("SELECT content FROM comments")) keys.add(`comment:${r.content}`);
    for (const r of q("SELECT content FROM messages")) keys.add(`message:${r.content}`);
    return keys;
  } finally {
    db.close();
  }
}

Deno.test({
  name: "[replica] drill: kill -9 mid-write, data directory deleted, restored, started: every write acknowledged 2 s before is back",
  ignore: !MOTO,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const moto = await startMoto();
    const dataDir = tempDir("dreamreel-drill-");
    const env = {
      ...replicaEnv(moto, "drill"),
      ADMIN_USERNAME: "drill_admin",
      ADMIN_PASSWORD: PASSWORD,
      RATE_REGISTER_PER_IP: "1000",
      RATE_COMMENTS_PER_USER: "100000",
      RATE_MESSAGES_PER_USER: "100000",
      RATE_UPLOADS_PER_USER: "1000",
    };
    let site: Site | null = await startSite(dataDir, env);
    try {
      const { url } = site;
      await waitFor("the replica in sync", async () => (await healthz(url)).body.replica === "ok");
      assert.equal(litestreamsOf(site.child.pid).length, 1);
      const acks: Ack[] = [];
      const ack = (kind: Ack["kind"], key: string) => acks.push({ at: Date.now(), kind, key });

      const admin = cookieOf(await call(url, "/api/login", { json: { username: "drill_admin", password: PASSWORD } }));
      const [category] = await (await call(url, "/api/categories")).json();
      const members: { id: number; cookie: string; name: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const name = `drill_member_${i}`;
        const res = await call(url, "/api/register", {
          json: { username: name, email: `${name}@example.com`, dateOfBirth: "1990-01-01", password: PASSWORD, termsAccepted: true },
        });
        assert.equal(res.status, 201);
        members.push({ id: (await res.json()).id, cookie: cookieOf(res), name });
        ack("member", name);
      }
      let videos = 0;
      const post = async (owner: (typeof members)[number], title: string) => {
        const res = await call(url, "/api/videos", {
          cookie: owner.cookie,
          json: {
            title,
            contentType: "embed",
            youtubeUrl: `https://www.youtube.com/watch?v=dQw4w9WgX${String(++videos).padStart(2, "0")}`,
            categoryId: category.id,
            aiGenerator: "Sora",
          },
        });
        assert.equal(res.status, 201, await res.clone().text());
        const { id } = await res.json();
        assert.equal((await call(url, `/api/admin/content/${id}/approve`, { method: "POST", cookie: admin })).status, 200);
        ack("item", title);
        return id as number;
      };
      const items: { id: number; title: string }[] = [];
      for (const [i, m] of members.entries()) items.push({ id: await post(m, `Drill item ${i}`), title: `Drill item ${i}` });

      // Writes from three members at once until told to stop: likes, comments, messages.
      let stop = false;
      let n = 0;
      const writer = async (m: (typeof members)[number], w: number) => {
        for (let i = 0; !stop; i++) {
          const item = items[(i + w) % items.length];
          const seq = ++n;
          try {
            if (i % 3 === 0 && i / 3 < items.length) {
              const res = await call(url, `/api/videos/${item.id}/like`, { method: "POST", cookie: m.cookie });
              if (res.status === 200) ack("like", `${m.id}:${item.title}`);
              else await res.body?.cancel();
            } else if (i % 3 === 1) {
              const content = `drill comment ${seq}`;
              const res = await call(url, `/api/videos/${item.id}/comments`, { cookie: m.cookie, json: { content } });
              if (res.status === 201) ack("comment", content);
              await res.body?.cancel();
            } else {
              const content = `drill message ${seq}`;
              const to = members[(w + 1) % members.length];
              const res = await call(url, "/api/messages/send", { cookie: m.cookie, json: { receiverId: to.id, content } });
              if (res.status === 201) ack("message", content);
              await res.body?.cancel();
            }
          } catch {
            return; // the server is gone
          }
          await sleep(20);
        }
      };
      const writers = members.map(writer);

      // The item deleted later, and a moment when it was on the replica and not yet deleted.
      const doomed = await post(members[0], "Drill doomed item");
      await sleep(2500);
      const before = new Date();
      await sleep(2500);
      assert.equal((await call(url, `/api/videos/${doomed}`, { method: "DELETE", cookie: members[0].cookie })).status, 200);
      const deletedAt = Date.now();
      acks.splice(acks.findIndex((a) => a.key === "Drill doomed item"), 1); // gone on purpose: checked below
      await sleep(3000);

      const killedAt = Date.now();
      await killAll(site);
      site = null;
      stop = true;
      await Promise.all(writers);
      assert.ok(acks.filter((a) => a.kind === "comment").length > 10, `writes under way: ${acks.length}`);

      // The disk is gone.
      await rm(dataDir, { recursive: true });
      const restored = await runTask("restore", [], { ...env, DATA_DIR: dataDir });
      assert.equal(restored.code, 0, restored.text);
      assert.match(restored.text, /Restored .*dreamreel\.db .*the latest state; PRAGMA integrity_check: ok\./);
      const back = writesIn(`${dataDir}/dreamreel.db`);
      const due = acks.filter((a) => a.at < killedAt - 2000);
      const lost = due.filter((a) => !back.has(`${a.kind}:${a.key}`));
      assert.deepEqual(lost, [], `${lost.length} of ${due.length} writes acknowledged 2 s before the kill are missing`);
      assert.ok(!back.has("item:Drill doomed item"), "the deletion is replicated too");
      const late = acks.filter((a) => a.at >= killedAt - 2000);
      console.log(
        `drill: ${due.length} writes due all back; of ${late.length} in the last 2 s, ${
          late.filter((a) => back.has(`${a.kind}:${a.key}`)).length
        } back too`,
      );

      // The site starts on the restored data and goes on replicating.
      site = await startSite(dataDir, env);
      const res = await call(site.url, "/api/login", { json: { username: "drill_member_1", password: PASSWORD } });
      assert.equal(res.status, 200);
      const after = await call(site.url, "/api/messages/send", {
        cookie: cookieOf(res),
        json: { receiverId: members[0].id, content: "drill after restore" },
      });
      assert.equal(after.status, 201);
      const afterAt = Date.now();
      await waitFor("the restarted site's replica in sync", async () => {
        const h = await healthz(site!.url);
        return h.body.replica === "ok" && Date.parse(h.body.replicaSyncedAt) > afterAt;
      });

      // A restore never overwrites: the running site's database is the same file, with its last write. (Its mtime is no
      // witness: Litestream checkpoints the site's writes into it within a second, decision 050.)
      const { ino } = statSync(`${dataDir}/dreamreel.db`);
      const refused = await runTask("restore", [], { ...env, DATA_DIR: dataDir });
      assert.equal(refused.code, 1);
      assert.match(refused.text, /A database already exists at .*dreamreel\.db: restore never overwrites one, and nothing was touched/);
      assert.equal(statSync(`${dataDir}/dreamreel.db`).ino, ino);
      assert.ok(writesIn(`${dataDir}/dreamreel.db`).has("message:drill after restore"));

      // Point in time: just before the deletion, the item is there; the write after restore (a new generation) is not.
      // (In this process: the task's own words are checked above.)
      const config = parseConfig({ ...env, DATA_DIR: dataDir });
      const pit = `${tempDir("dreamreel-pit-")}/at`;
      const atBefore = await restoreDatabase(config, { at: before, to: pit });
      assert.equal(atBefore.at, before);
      const then = writesIn(atBefore.path);
      assert.ok(then.has("item:Drill doomed item"), "the item deleted later is back");
      assert.ok(!then.has("message:drill after restore"));
      assert.ok(deletedAt - before.getTime() >= 2000);

      // And one before the first backup says so.
      await assert.rejects(
        restoreDatabase(config, { at: new Date("2020-01-01T00:00:00Z"), to: `${pit}-early` }),
        /No backup is as old as 2020-01-01T00:00:00\.000Z: the first backup in s3:\/\/dreamreel-test\/drill is from 20\d\d-/,
      );
      assert.ok(!existsSync(`${pit}-early`), "nothing left behind");
    } finally {
      if (site) {
        site.child.kill("SIGTERM");
        await site.child.status;
      }
      await moto.close();
    }
  },
});
