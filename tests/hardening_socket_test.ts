/**
 * Issue 13 point 5 over a real socket: what a client that stalls its request body gets on the wire.
 * The in-process tests (hardening_upload_test.ts) prove the body is let go of; this one speaks raw
 * HTTP/1.1 to the real server on loopback.
 */
import assert from "node:assert/strict";
import { setLogLevel } from "../lib/log.ts";
import { createUser, loginCookie, startServer } from "./_helpers.ts";

setLogLevel("warn");

const server = await startServer({ BODY_IDLE_TIMEOUT_SECONDS: "1", LOG_LEVEL: "error" });
const port = Number(new URL(server.url).port);
const member = await createUser(server.db);
const cookie = await loginCookie(server.db, member.id);

Deno.test.afterAll(() => server.shutdown());

/** Reads from the socket until `done(text)` holds, the server closes it, or `ms` pass. */
async function readUntil(conn: Deno.Conn, ms: number, done: (text: string) => boolean) {
  const buf = new Uint8Array(16 * 1024);
  const deadline = Date.now() + ms;
  let text = "";
  let closed = false;
  while (!done(text) && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), deadline - Date.now())));
    const n = await Promise.race([conn.read(buf).catch(() => null), timeout]);
    clearTimeout(timer);
    if (n === "timeout") break;
    if (n === null) {
      closed = true;
      break;
    }
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return { text, closed };
}

const complete = (text: string) => {
  const m = /\r\ncontent-length: (\d+)\r\n/i.exec(text);
  const at = text.indexOf("\r\n\r\n");
  return !!m && at >= 0 && text.length - at - 4 >= Number(m[1]);
};

Deno.test("[security] point 5 on the wire: a stalled JSON body gets 408 with Connection: close, and the server stays free", async () => {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = [
    "POST /api/videos/1/comments HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Origin: ${server.url}`,
    `Cookie: ${cookie}; dr_age=1`,
    "Content-Type: application/json",
    "Content-Length: 2000",
    "",
    '{"content":"half a comm',
  ].join("\r\n");
  const started = Date.now();
  await conn.write(new TextEncoder().encode(head));
  const { text } = await readUntil(conn, 5000, complete);
  const waited = Date.now() - started;
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.match(text, /\r\nconnection: close\r\n/i, "the client is told not to reuse the connection");
  assert.match(text, /\r\ncontent-type: application\/json/i);
  assert.match(text.slice(text.indexOf("\r\n\r\n") + 4), /"error":"The request body took too long to arrive/);
  assert.ok(waited >= 900 && waited < 4000, `answered after ${waited} ms`);

  // Deno.serve 2.9.6 sends the header but does not close the socket, whatever the response says, and
  // has no idle timeout (decision record 011): the socket stays open, idle, until the client or a
  // proxy drops it. If this fails, Deno now closes it: delete this check and update the record.
  const after = await readUntil(conn, 1500, () => false);
  assert.deepEqual(after, { text: "", closed: false }, "nothing more is sent");
  conn.close();

  // The stalled request held nothing: a fresh connection is served at once.
  const res = await fetch(`${server.url}/api/categories`);
  assert.equal(res.status, 200);
  await res.body?.cancel();
});
