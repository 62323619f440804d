/** SIGTERM: stop accepting, let the in-flight request finish, close the database, exit 0. */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { createMedia, createUser, tempDir } from "./_helpers.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SIZE = 24 * 1024 * 1024;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test({
  name: "[shutdown] SIGTERM lets an in-flight download finish, exits 0, and leaves an intact database",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dataDir = tempDir();
    const port = freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" };

    // A public video big enough that its download is still running when the signal arrives.
    const config = parseConfig(env);
    const db = await prepareData(config);
    const user = await createUser(db);
    const key = "v/shutdowntestfile0001.mp4";
    await Deno.mkdir(`${config.uploadsDir}/v`, { recursive: true });
    writeFileSync(`${config.uploadsDir}/${key}`, new Uint8Array(SIZE).fill(7));
    await createMedia(db, { userId: user.id, contentType: "video", fileKey: key, reviewStatus: "approved" });
    db.client.close();

    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${ROOT}main.ts`],
      env,
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const stderr = new Response(child.stderr).text();
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0;; i++) {
      try {
        await (await fetch(`${base}/api/user`)).body?.cancel();
        break;
      } catch {
        if (i > 300) throw new Error("server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    // Start the download, read a first chunk, pause, then send SIGTERM and read the rest slowly.
    let received = 0;
    let status = 0;
    const done = new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/uploads/${key}`, (res) => {
        status = res.statusCode ?? 0;
        res.once("data", (chunk: Uint8Array) => {
          received += chunk.length;
          res.pause();
          child.kill("SIGTERM");
          setTimeout(() => res.resume(), 300);
          res.on("data", (c: Uint8Array) => (received += c.length));
        });
        res.on("end", resolve);
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
    await done;
    assert.equal(status, 200);
    assert.equal(received, SIZE, "the whole file arrived after SIGTERM");

    const exit = await child.status;
    assert.equal(exit.code, 0, await stderr);

    // New connections are refused once it is gone.
    await assert.rejects(fetch(`${base}/api/user`));

    const client = createClient({ url: config.databaseUrl });
    const check = await client.execute("PRAGMA integrity_check");
    assert.equal(check.rows[0][0], "ok");
    client.close();
  },
});
