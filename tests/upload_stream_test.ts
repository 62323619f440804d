import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { commitUpload, receiveUpload } from "../lib/media/upload_stream.ts";
import { indexOfBytes } from "../lib/media/multipart.ts";
import { createUser, loginCookie, startServer, testConfig } from "./_helpers.ts";
import { jpeg, multipart, multipartStream } from "./_media_fixtures.ts";

const config = testConfig({ MAX_IMAGE_MB: "1" });

/** A byte stream (readable BYOB, like Deno.serve's bodies) handing out `size`-byte pieces. */
function byteStream(bytes: Uint8Array, size: number) {
  const data = Uint8Array.from(bytes); // not a Buffer: its slice() is a view, and enqueue detaches it
  let off = 0;
  return new ReadableStream<Uint8Array>({
    type: "bytes",
    pull(ctrl) {
      if (off >= data.length) {
        ctrl.close();
        return (ctrl as ReadableByteStreamController).byobRequest?.respond(0); // a pending BYOB read resolves as done
      }
      ctrl.enqueue(data.slice(off, off + size));
      off += size;
    },
  });
}

const request = (body: ReadableStream<Uint8Array> | Uint8Array, contentType: string) =>
  new Request(
    "http://localhost/api/upload/file",
    { method: "POST", body, headers: { "content-type": contentType }, duplex: "half" } as RequestInit,
  );

Deno.test("[api] receiveUpload finds the boundary across every chunk split, BYOB or not", async () => {
  const file = await jpeg({ color: "#0d0a2d" });
  // Bytes that look like the start of a delimiter inside the file must stay file data.
  const tricky = new Uint8Array([...file, 13, 10, 45, 45, 13, 10, 45, 13]);
  const mp = multipart("a.jpg", "image/jpeg", tricky);
  const want = createHash("sha256").update(tricky).digest("hex");
  for (const size of [1, 2, 3, 7, 64, 1000, mp.body.length]) {
    for (const body of [byteStream(mp.body, size), multipartStream(mp.head, 0, mp.tail, tricky)]) {
      const stored = await receiveUpload(request(body, mp.contentType), config);
      assert.equal(stored.size, tricky.length, `chunk ${size}`);
      assert.equal(stored.sha256, want);
      // Until its row is recorded the file keeps its temp name: a crash leaves only a `.part`.
      assert.match(stored.tmpPath, /\/tmp\/[a-f0-9]+\.part$/);
      assert.equal(existsSync(`${config.uploadsDir}/${stored.key}`), false, "no final file before commit");
      await commitUpload(config, stored);
      assert.equal(existsSync(stored.tmpPath), false);
      assert.deepEqual(new Uint8Array(await Deno.readFile(`${config.uploadsDir}/${stored.key}`)), tricky);
    }
  }
  assert.equal(readdirSync(`${config.uploadsDir}/tmp`).length, 0);
});

Deno.test("[api] indexOfBytes matches Buffer semantics on edge cases", () => {
  const hay = new TextEncoder().encode("ab\r\n--x\r\n--xyz");
  assert.equal(indexOfBytes(hay, new TextEncoder().encode("\r\n--xy")), 7);
  assert.equal(indexOfBytes(hay, new TextEncoder().encode("\r\n--q")), -1);
  assert.equal(indexOfBytes(new Uint8Array(), new TextEncoder().encode("a")), -1);
});

Deno.test({
  name: "[api] over real HTTP: a chunked oversize upload gets 413 and leaves nothing; a good one is stored",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = await startServer({ MAX_IMAGE_MB: "1" });
    try {
      const user = await createUser(server.db);
      const cookie = await loginCookie(server.db, user.id);
      const head = (await jpeg()).subarray(0, 600);
      const mp = multipart("big.jpg", "image/jpeg", new Uint8Array());
      const res = await fetch(`${server.url}/api/upload/file`, {
        method: "POST",
        headers: { "content-type": mp.contentType, origin: server.url, cookie },
        body: multipartStream(mp.head, 3 * 1024 * 1024, mp.tail, head),
      });
      assert.equal(res.status, 413);
      assert.match((await res.json()).error, /^File too large/);
      const dir = server.config.uploadsDir;
      const files = () => (readdirSync(dir, { recursive: true }) as string[]).filter((p) => /\.\w+$/.test(String(p)));
      assert.deepEqual(files(), []);

      const good = multipart("ok.jpg", "image/jpeg", await jpeg({ color: "#777" }));
      const ok = await fetch(`${server.url}/api/upload/file`, {
        method: "POST",
        headers: { "content-type": good.contentType, origin: server.url, cookie },
        body: multipartStream(good.head, 0, good.tail, await jpeg({ color: "#777" })),
      });
      assert.equal(ok.status, 201);
      const { url } = await ok.json();
      assert.ok(existsSync(`${dir}/${url.replace("/uploads/", "")}`));
      assert.equal(files().length, 1);
    } finally {
      await server.shutdown();
    }
  },
});
