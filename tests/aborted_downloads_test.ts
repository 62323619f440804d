/**
 * Issue 35 point 6: a client that goes away mid-body never ends a process.
 * - The cause, in one turn: a file answer whose next chunk was just asked for, cancelled at once
 *   (what Deno.serve does when it finds the connection closed after taking a chunk).
 * - The real server in this process, hundreds of large-file downloads cut off mid-body.
 * - The real server as a child process (main.ts with two supervised workers, as in production),
 *   sent hundreds of requests of every kind of streamed answer, each cut off by the client part-way
 *   through: a large stored file with and without Range, gzip pages (first visit, and again from
 *   kept deflate parts) and gzip JSON, S3 stream-through, and multipart upload bodies. Then the same
 *   workers still serve, the log has no uncaught error or unhandled rejection (nor a worker restart),
 *   and aborted uploads left no temp file.
 * Before the fix the first two failed ("Uncaught TypeError: The stream controller cannot close or
 * enqueue"; the cause is told in lib/http/file_response.ts).
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import { openDb } from "../db/client.ts";
import { fileResponse } from "../lib/http/file_response.ts";
import { createMedia, createUser, loginCookie, startServer as startInProcess, tempDir } from "./_helpers.ts";
import { S3_BUCKET, startS3 } from "./_s3.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
const ROOT = new URL("../", import.meta.url).pathname;
const SITE = "http://localhost:8000";
/** Aborted requests of each kind, and clients at once (several at once is what made the race show). */
const EACH = 200;
const CLIENTS = 24;
const FILE_BYTES = 16 * 1024 * 1024;

Deno.test("[reliability] the cause: a file answer cancelled in the turn its next chunk was asked for throws nothing later", async () => {
  const thrown: string[] = [];
  const onError = (e: ErrorEvent) => {
    thrown.push(String(e.error));
    e.preventDefault();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    thrown.push(`unhandled rejection: ${e.reason}`);
    e.preventDefault();
  };
  addEventListener("error", onError);
  addEventListener("unhandledrejection", onRejection);
  try {
    const path = `${tempDir()}/large.png`;
    writeFileSync(path, new Uint8Array(4 * 1024 * 1024));
    for (const range of [null, "bytes=1000-", "bytes=1000-3000000"]) {
      const res = await fileResponse(new Request("http://localhost/", { headers: range ? { range } : {} }), path, {
        cacheControl: "no-store",
      });
      assert.equal(res!.status, range ? 206 : 200);
      const reader = res!.body!.getReader();
      await reader.read();
      await new Promise((r) => setTimeout(r, 50)); // the source reads ahead meanwhile
      // Deno.serve takes a queued chunk (the source is asked for the next one), finds the connection
      // closed and cancels, all in one turn.
      reader.read().catch(() => {});
      await reader.cancel("resource closed");
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    removeEventListener("error", onError);
    removeEventListener("unhandledrejection", onRejection);
  }
  assert.deepEqual(thrown, []);
});

Deno.test({
  name: "[reliability] the real server in this process: large files cut off mid-body, with and without Range, throw nothing",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    // main.ts holds a pending top-level await (it awaits the server to the end), under which Deno
    // turns its event loop so that the race above almost never lines up (0 of 720 aborts measured,
    // against 47 of 720 for the same server started without one): the server in the test process,
    // which has none, shows the cause end to end (5 of 400 aborts before the fix).
    const thrown: string[] = [];
    const onError = (e: ErrorEvent) => {
      thrown.push(String(e.error));
      e.preventDefault();
    };
    addEventListener("error", onError);
    const server = await startInProcess();
    try {
      const member = await createUser(server.db);
      const key = `i/${crypto.randomUUID().replaceAll("-", "")}.png`;
      mkdirSync(`${server.config.uploadsDir}/i`, { recursive: true });
      writeFileSync(`${server.config.uploadsDir}/${key}`, new Uint8Array(FILE_BYTES));
      await createMedia(server.db, { contentType: "image", fileKey: key, userId: member.id });
      const port = Number(new URL(server.url).port);
      const tally = await storm(400, (i) => {
        const headers = i % 3 ? [] : [`Range: bytes=${pick(FILE_BYTES / 2)}-`];
        return cutShort(port, get(`/uploads/${key}`, headers), pick(3_000_000));
      });
      assert.equal((tally["200"] ?? 0) + (tally["206"] ?? 0), 400, JSON.stringify(tally));
    } finally {
      removeEventListener("error", onError);
      await server.shutdown();
    }
    assert.deepEqual(thrown, []);
  },
});

const workersOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0").includes("--worker");
      } catch {
        return false;
      }
    });

async function until<T>(what: string, check: () => T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** main.ts with two workers; everything it prints (both streams, workers included) is collected in `log`. */
async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    cwd: ROOT,
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SITE_URL: SITE,
      WEB_CONCURRENCY: "2",
      JOBS_IN_WEB: "false",
      PAGE_CACHE_SECONDS: "0",
      RATE_UPLOADS_PER_USER: "100000",
      LOG_LEVEL: "info",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = { log: "" };
  for (const stream of [child.stdout, child.stderr]) {
    (async () => {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) out.log += chunk;
    })();
  }
  const url = await until("listening", () => /"msg":"listening","url":"([^"]+)","workers":2/.exec(out.log)?.[1]);
  const port = Number(new URL(url).port);
  const workers = await until("two workers", () => workersOf(child.pid).length === 2 && workersOf(child.pid));
  return { child, out, url, port, workers };
}

const encode = (s: string) => new TextEncoder().encode(s);

/**
 * One request over a raw socket, closed by the client once `readBytes` of the answer came (or at
 * once after sending `body.send` of a body declared `body.declared` long). Returns the status line's code.
 */
async function cutShort(
  port: number,
  head: string,
  readBytes: number,
  body?: { declared: number; send: number; prefix: Uint8Array },
): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  let first = "";
  try {
    await conn.write(encode(head));
    if (body) {
      await conn.write(body.prefix);
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      for (let sent = body.prefix.length; sent < body.send;) {
        const n = Math.min(chunk.length, body.send - sent);
        await conn.write(chunk.subarray(0, n));
        sent += n;
      }
      if (readBytes === 0) return "sent";
    }
    const buf = new Uint8Array(64 * 1024);
    for (let got = 0; got < readBytes;) {
      const n = await conn.read(buf);
      if (n === null) break;
      if (!first) first = new TextDecoder().decode(buf.subarray(0, 12));
      got += n;
      // A slow reader now and then: the server is then waiting on the socket when the client goes.
      if (Math.random() < 0.05) await new Promise((r) => setTimeout(r, 2));
    }
  } catch {
    // the server may close an upload it refused: the abort is what is tested
  } finally {
    conn.close();
  }
  return first.slice(9, 12) || "none";
}

/** Runs `count` aborted requests made by `make`, CLIENTS at a time; tallies the status codes seen. */
async function storm(count: number, make: (i: number) => Promise<string>) {
  const tally: Record<string, number> = {};
  let next = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < count) {
      const code = await make(next++);
      tally[code] = (tally[code] ?? 0) + 1;
    }
  }));
  return tally;
}

const pick = (max: number) => 1 + Math.floor(Math.random() * max);

function get(path: string, headers: string[] = []) {
  return [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers, "", ""].join("\r\n");
}

/** The server still answers, with the same workers, and printed nothing that says a process was hurt. */
async function assertUnhurt(server: Awaited<ReturnType<typeof startServer>>, fullPath: string, cookie: string, bytes: Uint8Array) {
  const res = await fetch(`${server.url}${fullPath}`, { headers: { cookie } });
  assert.equal(res.status, 200);
  const body = new Uint8Array(await res.arrayBuffer());
  assert.equal(body.length, bytes.length);
  assert.deepEqual(body.subarray(0, 4096), bytes.subarray(0, 4096));
  assert.deepEqual(workersOf(server.child.pid), server.workers, "the same workers serve (none died)");
  for (const bad of [/uncaught/i, /unhandled/i, /worker exited/i, /stream controller/i]) {
    assert.doesNotMatch(server.out.log, bad, server.out.log.slice(-3000));
  }
}

async function stop(server: Awaited<ReturnType<typeof startServer>>) {
  server.child.kill("SIGTERM");
  assert.equal((await server.child.status).code, 0, server.out.log.slice(-3000));
}

Deno.test({
  name: "[reliability] local files with and without Range, gzip pages and JSON, multipart uploads: clients cut off mid-body end no process",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    try {
      const db = openDb(`file:${dataDir}/dreamreel.db`);
      const member = await createUser(db);
      const cookie = await loginCookie(db, member.id);
      // A large stored image of a public item (a phone loading it, then switching away).
      const key = `i/${crypto.randomUUID().replaceAll("-", "")}.png`;
      const bytes = crypto.getRandomValues(new Uint8Array(65536));
      const file = new Uint8Array(FILE_BYTES);
      for (let at = 0; at < FILE_BYTES; at += bytes.length) file.set(bytes.subarray(0, Math.min(bytes.length, FILE_BYTES - at)), at);
      mkdirSync(`${dataDir}/uploads/i`, { recursive: true });
      writeFileSync(`${dataDir}/uploads/${key}`, file);
      await createMedia(db, { title: "Large image", contentType: "image", fileKey: key, userId: member.id, width: 4000, height: 3000 });
      // Enough items for pages worth compressing.
      for (let i = 0; i < 30; i++) await createMedia(db, { title: `Item ${i} ${"words ".repeat(8)}`, userId: member.id });
      db.client.close();

      const port = server.port;
      const whole = await storm(EACH, () => cutShort(port, get(`/uploads/${key}`), pick(3_000_000)));
      const ranged = await storm(EACH, (i) => {
        const from = pick(FILE_BYTES / 2);
        const range = i % 2 ? `bytes=${from}-` : `bytes=${from}-${from + pick(3_000_000)}`;
        return cutShort(port, get(`/uploads/${key}`, [`Range: ${range}`]), pick(1_500_000));
      });
      const pages = await storm(EACH, (i) => {
        // Every other page a first visit (no stylesheet cookie: the page inlines its critical CSS).
        const headers = ["Accept-Encoding: gzip", i % 2 ? "Cookie: dr_age=1" : "Cookie: dr_age=1; dr_css=x"];
        const path = ["/", "/api/content/feed?page=1", "/search?q=item"][i % 3];
        return cutShort(port, get(path, headers), pick(6000));
      });
      assert.equal(whole["200"], EACH, JSON.stringify(whole));
      assert.equal(ranged["206"], EACH, JSON.stringify(ranged));
      assert.equal(pages["200"], EACH, JSON.stringify(pages));

      const boundary = "----cut-short";
      const prefix = encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n` +
          "\x89PNG\r\n\x1a\n",
      );
      const declared = 6 * 1024 * 1024;
      const uploads = await storm(EACH, (i) => {
        const head = [
          "POST /api/upload/file HTTP/1.1",
          "Host: 127.0.0.1",
          `Origin: ${SITE}`,
          `Cookie: ${cookie}; dr_age=1`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${declared}`,
          "",
          "",
        ].join("\r\n");
        // Cut at any point of the body; every other one waits for nothing, the rest read what came back.
        return cutShort(port, head, i % 2 ? 0 : 1, { declared, send: prefix.length + pick(declared - prefix.length - 1), prefix });
      });
      assert.equal(Object.values(uploads).reduce((a, b) => a + b, 0), EACH);

      await assertUnhurt(server, `/uploads/${key}`, cookie, file);
      // An upload cut short leaves no temp file behind (quality bar 13).
      const tmp = `${dataDir}/uploads/tmp`;
      await until("the aborted uploads' temp files removed", () => !existsSync(tmp) || readdirSync(tmp).length === 0, 15_000);
    } finally {
      await stop(server);
    }
  },
});

Deno.test({
  name: "[reliability] S3 stream-through (a pending item's file through the app): clients cut off mid-body end no process",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const s3 = await startS3();
    const dataDir = tempDir();
    const server = await startServer(dataDir, s3.env);
    try {
      const db = openDb(`file:${dataDir}/dreamreel.db`);
      const member = await createUser(db);
      const cookie = await loginCookie(db, member.id);
      const key = `i/${crypto.randomUUID().replaceAll("-", "")}.png`;
      const file = crypto.getRandomValues(new Uint8Array(65536));
      const big = new Uint8Array(FILE_BYTES);
      for (let at = 0; at < FILE_BYTES; at += file.length) big.set(file, at);
      const client = new AwsClient({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER", service: "s3", region: "us-east-1", retries: 0 });
      const put = await client.fetch(`${s3.endpoint}/${S3_BUCKET}/site/${key}`, { method: "PUT", body: big });
      assert.equal(put.status, 200);
      await put.body?.cancel();
      // Pending: only its owner may see it, so its bytes come through the app, never a bucket redirect.
      await createMedia(db, {
        title: "Pending large image",
        contentType: "image",
        fileKey: key,
        userId: member.id,
        reviewStatus: "pending",
      });
      db.client.close();

      const through = await storm(EACH, (i) => {
        const headers = [`Cookie: ${cookie}; dr_age=1`];
        if (i % 2) headers.push(`Range: bytes=${pick(FILE_BYTES / 2)}-`);
        return cutShort(server.port, get(`/uploads/${key}`, headers), pick(3_000_000));
      });
      assert.equal((through["200"] ?? 0) + (through["206"] ?? 0), EACH, JSON.stringify(through));
      await assertUnhurt(server, `/uploads/${key}`, cookie, big);
    } finally {
      await stop(server);
      await s3.close();
    }
  },
});
