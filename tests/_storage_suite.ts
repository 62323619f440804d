/**
 * Media on an S3-compatible bucket (issue 22): uploads land in the bucket, public files are
 * redirects to presigned GETs (bytes and Range from the bucket), pending files come only through
 * the app with the owner's session, deletions reach the bucket, video processing reads and writes
 * through it, and a bucket that fails gives 503 and leaves nothing. Run against each S3 server on
 * loopback (issue 37): s3rver (tests/storage_s3_test.ts) and the stricter moto
 * (tests/storage_moto_test.ts), each test file giving its server.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import { eq } from "drizzle-orm";
import { media, uploads } from "../db/schema/mod.ts";
import { deleteAccount } from "../lib/auth/account_delete.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { parseConfig } from "../lib/config.ts";
import { storeFor } from "../lib/storage/store.ts";
import { sweepUnattachedUploads } from "../lib/media/upload_sweep.ts";
import { backup } from "../tasks/backup.ts";
import { categoryIds, createUser, json, loginCookie, makeTestEnv, tempDir, until } from "./_helpers.ts";
import { jpeg, mp4, multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import type { S3Server } from "./_s3.ts";

export type StorageServer = {
  /** "s3rver" or "moto": in every test's name. */
  name: string;
  /** A fresh server with the bucket dreamreel-test. */
  start(): Promise<S3Server>;
  /** Whether it refuses unknown credentials (s3rver does; moto takes any). */
  checksCredentials: boolean;
  /**
   * Whether it refuses what S3 refuses and lists folders as S3 does (moto; s3rver accepts an
   * overwrite under If-None-Match: *, a wrong If-Match and parts under 5 MiB, and drops nested
   * folders from a delimiter listing): the checks only such a server makes run on it.
   */
  strict: boolean;
};

/** The storage tests against one server; `testFile` is the calling file's import.meta.url (for the skip lines). */
export async function storageSuite(testFile: string, server: StorageServer) {
  const FFMPEG = needs(testFile, "ffmpeg");
  const s3 = await server.start();
  const env = await makeTestEnv({ ...s3.env, RATE_UPLOADS_PER_USER: "1000", JOB_RETRY_SECONDS: "1" });
  const { request, db, config } = env;
  const store = storeFor(config);
  const [category] = await categoryIds(db);
  const admin = await createUser(db, { isAdmin: true });
  const adminCookie = await loginCookie(db, admin.id);
  const client = new AwsClient({
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
    service: "s3",
    region: "us-east-1",
    retries: 0,
  });
  const t = (name: string) => `[storage] ${server.name}: ${name}`;

  async function keys() {
    const out: string[] = [];
    for await (const o of store.list()) out.push(o.key);
    return out.sort();
  }

  async function upload(cookie: string, name: string, type: string, bytes: Uint8Array) {
    const mp = multipart(name, type, bytes);
    return await json(
      await request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
      201,
    );
  }

  /** An object's bytes as the bucket holds them, read with the S3 API, not through our store. */
  async function bucketBytes(key: string) {
    const res = await client.fetch(`${s3.endpoint}/dreamreel-test/site/${key}`);
    assert.equal(res.status, 200, key);
    return new Uint8Array(await res.arrayBuffer());
  }
  const tempFiles = () => readdirSync(`${config.uploadsDir}/tmp`);

  Deno.test(
    t("an image upload lands in the bucket, not on disk; pending it is the owner's only; approved it redirects to the bucket"),
    async () => {
      const member = await createUser(db);
      const cookie = await loginCookie(db, member.id);
      const bytes = await jpeg({ width: 300, height: 200 });
      const up = await upload(cookie, "a.jpg", "image/jpeg", bytes);
      const key = up.url.replace("/uploads/", "");
      assert.ok((await keys()).includes(key));
      assert.deepEqual(readdirSync(config.uploadsDir).filter((d) => d !== "tmp"), [], "nothing stored on local disk");
      assert.deepEqual(tempFiles(), []);
      const item = await json(
        await request("/api/videos", {
          cookie,
          json: { title: "Bucket", contentType: "image", imageUrl: up.url, categoryId: category.id, aiGenerator: "Sora" },
        }),
        201,
      );
      const row = (await db.select().from(media).where(eq(media.id, item.id)))[0];
      const stored = await bucketBytes(row.fileKey!); // the re-encoded image

      // Pending: never a bucket URL; visitors get 404, the owner gets the bytes through the app (Range too).
      assert.equal((await request(`/uploads/${key}`)).status, 404);
      assert.equal((await request(`/api/content/${item.id}/thumbnail`)).status, 404);
      const own = await request(`/uploads/${key}`, { cookie });
      assert.equal(own.status, 200);
      assert.equal(own.headers.get("cache-control"), "private, no-store");
      assert.deepEqual(new Uint8Array(await own.arrayBuffer()), stored);
      const part = await request(`/uploads/${key}`, { cookie, headers: { range: "bytes=10-19" } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get("content-range"), `bytes 10-19/${stored.length}`);
      assert.deepEqual(new Uint8Array(await part.arrayBuffer()), stored.subarray(10, 20));
      assert.equal((await request(`/api/s3/${key}?getUrl=true`)).status, 404, "no signed link to a pending file");

      assert.equal((await request(`/api/admin/content/${item.id}/approve`, { method: "POST", cookie: adminCookie })).status, 200);
      const res = await request(`/uploads/${key}`);
      assert.equal(res.status, 302);
      // Pages allow images and players to load from the bucket the files redirect to.
      const csp = (await request("/")).headers.get("content-security-policy")!;
      assert.match(csp, new RegExp(`img-src [^;]* ${s3.endpoint.replace(/\./g, "\\.")}(;|$)`));
      assert.match(csp, new RegExp(`media-src 'self' blob: ${s3.endpoint.replace(/\./g, "\\.")}(;|$)`));
      const location = res.headers.get("location")!;
      assert.ok(location.startsWith(`${s3.endpoint}/dreamreel-test/site/${key}?`), location);
      assert.match(location, /X-Amz-Expires=300&/);
      assert.deepEqual(new Uint8Array(await (await fetch(location)).arrayBuffer()), stored);
      const ranged = await fetch(location, { headers: { range: "bytes=0-99" } });
      assert.equal(ranged.status, 206);
      assert.deepEqual(new Uint8Array(await ranged.arrayBuffer()), stored.subarray(0, 100));
      const thumb = await request(`/api/content/${item.id}/thumbnail`);
      assert.equal(thumb.status, 302);
      assert.equal((await fetch(thumb.headers.get("location")!)).headers.get("content-type"), "image/webp");
      // A signed link of ours keeps its own expiry rules, then hands over to the bucket.
      const { url } = await json(await request(`/api/s3/${key}?getUrl=true`));
      const signed = await request(url);
      assert.equal(signed.status, 302);
      assert.deepEqual(new Uint8Array(await (await fetch(signed.headers.get("location")!)).arrayBuffer()), stored);

      // Deleting the item removes its objects from the bucket.
      assert.equal((await request(`/api/videos/${item.id}`, { method: "DELETE", cookie })).status, 200);
      assert.ok(!(await keys()).includes(row.fileKey!));
      assert.ok(!(await keys()).includes(row.thumbnailKey!));
    },
  );

  Deno.test(t("MEDIA_BASE_URL makes public files redirect to the CDN address of the key"), async () => {
    await using cdn = await makeTestEnv({ ...s3.env, MEDIA_BASE_URL: "https://cdn.example.com/media/" });
    const member = await createUser(cdn.db);
    const cookie = await loginCookie(cdn.db, member.id);
    const mp = multipart("b.jpg", "image/jpeg", await jpeg({ color: "#3a6" }));
    const up = await json(
      await cdn.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
      201,
    );
    const item = await json(
      await cdn.request("/api/videos", {
        cookie,
        json: { title: "CDN", contentType: "image", imageUrl: up.url, categoryId: category.id, aiGenerator: "Sora" },
      }),
      201,
    );
    await cdn.db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
    const res = await cdn.request(up.url);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), `https://cdn.example.com/media/site/${up.url.replace("/uploads/", "")}`);
    assert.match((await cdn.request("/")).headers.get("content-security-policy")!, /media-src 'self' blob: https:\/\/cdn\.example\.com;/);
  });

  Deno.test(t("a video is processed from the bucket into the bucket; deleting the account removes every object"), {
    ignore: !FFMPEG,
  }, async () => {
    const member = await createUser(db);
    const cookie = await loginCookie(db, member.id);
    const bytes = await mp4(2);
    const up = await upload(cookie, "v.mp4", "video/mp4", bytes);
    const item = await json(
      await request("/api/videos", {
        cookie,
        json: { title: "Clip", contentType: "video", videoUrl: up.url, categoryId: category.id, aiGenerator: "Sora" },
      }),
      201,
    );
    const runtime = await startJobs(db, config);
    try {
      await until(async () => (await json(await request(`/api/videos/${item.id}`, { cookie }))).processing.state === "ready");
    } finally {
      await runtime.stop();
    }
    const row = (await db.select().from(media).where(eq(media.id, item.id)))[0];
    const owned = [
      row.fileKey!,
      row.previewKey!,
      row.thumbnailKey!,
      row.poster2xKey!,
      ...JSON.parse(row.sources!).map((s: { k: string }) => s.k),
    ];
    const all = await keys();
    for (const k of owned) assert.ok(all.includes(k), `${k} in the bucket`);
    assert.deepEqual(tempFiles(), [], "the job's temp copies are removed");
    // The original, approved, comes from the bucket byte for byte.
    await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
    const res = await request(up.url);
    assert.equal(res.status, 302);
    assert.deepEqual(new Uint8Array(await (await fetch(res.headers.get("location")!)).arrayBuffer()), bytes);

    await deleteAccount(db, config, { ...member, isAdmin: false } as Parameters<typeof deleteAccount>[2]);
    const left = await keys();
    assert.deepEqual(owned.filter((k) => left.includes(k)), []);
  });

  Deno.test(t("the bucket stopped mid-upload gives 503, leaves no row, no temp file, and the site up"), async () => {
    const down = await server.start();
    await using site = await makeTestEnv({ ...down.env });
    const member = await createUser(site.db);
    const cookie = await loginCookie(site.db, member.id);
    const mp = multipart("c.jpg", "image/jpeg", await jpeg({ color: "#963" }));
    const half = Math.floor(mp.body.length / 2);
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        if (step++ === 0) return ctl.enqueue(mp.body.subarray(0, half));
        await down.close(); // the bucket goes away while the file streams in
        ctl.enqueue(mp.body.subarray(half));
        ctl.close();
      },
    });
    const res = await site.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body });
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { error: "File storage is unavailable right now. Please try again later." });
    assert.deepEqual(await site.db.select().from(uploads), []);
    assert.deepEqual(readdirSync(`${site.config.uploadsDir}/tmp`), []);
    assert.equal((await site.request("/api/content/feed")).status, 200, "the rest of the site answers");
  });

  Deno.test(t("a bucket that refuses (deleted after start) gives 503 on upload, no row, no temp file; pages still answer"), async () => {
    // A second bucket on the same server, removed once the site has started on it.
    const bucket = `${server.name}-gone`;
    assert.equal((await client.fetch(`${s3.endpoint}/${bucket}`, { method: "PUT" })).status, 200);
    {
      await using site = await makeTestEnv({ ...s3.env, S3_BUCKET: bucket });
      assert.equal((await client.fetch(`${s3.endpoint}/${bucket}`, { method: "DELETE" })).status, 204);
      const member = await createUser(site.db);
      const cookie = await loginCookie(site.db, member.id);
      const mp = multipart("e.jpg", "image/jpeg", await jpeg({ color: "#c33" }));
      const res = await site.request("/api/upload/file", {
        method: "POST",
        cookie,
        headers: { "content-type": mp.contentType },
        body: mp.body,
      });
      assert.equal(res.status, 503);
      assert.equal((await res.json()).error, "File storage is unavailable right now. Please try again later.");
      assert.deepEqual(await site.db.select().from(uploads), []);
      assert.deepEqual(readdirSync(`${site.config.uploadsDir}/tmp`), []);
      assert.equal((await site.request("/")).status, 200);
    }
  });

  Deno.test(t("start-up checks the bucket and says what is wrong: no bucket, bad credentials, wrong endpoint"), async () => {
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const deadPort = (closed.addr as Deno.NetAddr).port;
    closed.close();
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: "no-such-bucket" }, /STORAGE=s3: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/],
      ...(server.checksCredentials
        ? [[
          { S3_ACCESS_KEY_ID: "WRONG" },
          /refused the credentials \(InvalidAccessKeyId\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
        ]] as [
          Record<string, string>,
          RegExp,
        ][]
        : []),
      [
        { S3_ENDPOINT: `http://127.0.0.1:${deadPort}` },
        /cannot reach S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ \(wrong endpoint, or the server is down\)/,
      ],
    ];
    for (const [override, message] of cases) {
      await assert.rejects(makeTestEnv({ ...s3.env, ...override }), message);
    }
    assert.throws(
      () => parseConfig({ STORAGE: "s3", S3_BUCKET: "b-1" }),
      /STORAGE="s3" needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  Deno.test(t("deno task backup copies the database only and names the bucket it leaves to the operator"), async () => {
    const out = `${tempDir()}/backup`;
    const result = await backup(config, out);
    assert.equal(result.files, 0);
    assert.match(result.bucket!, /^dreamreel-test\/site\/ at http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(result.dbBytes > 0);
    assert.deepEqual(readdirSync(out), ["dreamreel.db"]);
  });

  Deno.test(
    t("a file above 16 MiB goes up in parts and comes back byte for byte; the sweep removes an unattached upload's object"),
    async () => {
      const big = new Uint8Array(20 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 13)) & 255);
      const path = `${tempDir()}/big.mp4`;
      await Deno.writeFile(path, big);
      await store.copyIn(path, "v/bigbigbigbig0001.mp4");
      assert.equal(await store.size("v/bigbigbigbig0001.mp4"), big.length);
      const copy = (await store.local("v/bigbigbigbig0001.mp4"))!;
      assert.deepEqual(new Uint8Array(await Deno.readFile(copy.path)), big);
      await copy.release();
      await store.remove(["v/bigbigbigbig0001.mp4"]);
      assert.equal(await store.size("v/bigbigbigbig0001.mp4"), null);

      const member = await createUser(db);
      const up = await upload(await loginCookie(db, member.id), "d.jpg", "image/jpeg", await jpeg({ color: "#369" }));
      const key = up.url.replace("/uploads/", "");
      assert.ok((await keys()).includes(key));
      assert.ok((await sweepUnattachedUploads(db, config, Date.now() + config.upload.unattachedMs + 1000)) >= 1);
      assert.ok(!(await keys()).includes(key));
    },
  );

  Deno.test(t("keys nested several folders deep are listed, and a delimiter listing names each folder once"), async () => {
    const path = `${tempDir()}/n.bin`;
    await Deno.writeFile(path, new Uint8Array([1, 2, 3]));
    const nested = ["n/aa/bb/one.bin", "n/aa/bb/two.bin", "n/aa/cc/three.bin", "n/dd/four.bin"];
    for (const key of nested) await store.copyIn(path, key);
    const listed = (await keys()).filter((k) => k.startsWith("n/"));
    assert.deepEqual(listed, [...nested].sort());
    // What Litestream's restore lists its generations with (s3rver drops the nested folders: issue 37).
    if (server.strict) {
      const res = await client.fetch(`${s3.endpoint}/dreamreel-test?prefix=site/n/aa/&delimiter=/`);
      const xml = await res.text();
      assert.deepEqual([...xml.matchAll(/<CommonPrefixes><Prefix>([^<]+)<\/Prefix><\/CommonPrefixes>/g)].map((m) => m[1]), [
        "site/n/aa/bb/",
        "site/n/aa/cc/",
      ]);
      assert.ok(!xml.includes("<Key>"), "no object directly in n/aa/");
    }
    await store.remove(nested);
    assert.deepEqual((await keys()).filter((k) => k.startsWith("n/")), []);
  });

  if (server.strict) {
    Deno.test(t("refuses what S3 refuses, so passing here means something: conditional overwrites, parts under 5 MiB"), async () => {
      const url = `${s3.endpoint}/dreamreel-test/site/strict/one.txt`;
      assert.equal((await client.fetch(url, { method: "PUT", body: "first" })).status, 200);
      for (const condition of [{ "if-none-match": "*" }, { "if-match": '"not-its-etag"' }] as Record<string, string>[]) {
        const res = await client.fetch(url, { method: "PUT", body: "second", headers: condition });
        assert.equal(res.status, 412, JSON.stringify(condition));
        assert.match(await res.text(), /<Code>PreconditionFailed<\/Code>/);
      }
      assert.equal(await (await client.fetch(url)).text(), "first", "not overwritten");
      // A multipart upload whose first part is under 5 MiB is refused when completed...
      const mp = `${s3.endpoint}/dreamreel-test/site/strict/parts.bin`;
      const id = encodeURIComponent(
        (await (await client.fetch(`${mp}?uploads`, { method: "POST" })).text()).match(/<UploadId>([^<]+)/)![1],
      );
      const etags = [];
      for (const [n, size] of [[1, 1024 * 1024], [2, 1024]]) {
        const res = await client.fetch(`${mp}?partNumber=${n}&uploadId=${id}`, { method: "PUT", body: new Uint8Array(size) });
        etags.push(res.headers.get("etag"));
      }
      const parts = etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join("");
      const done = await client.fetch(`${mp}?uploadId=${id}`, {
        method: "POST",
        body: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
      });
      assert.equal(done.status, 400);
      assert.match(await done.text(), /<Code>EntityTooSmall<\/Code>/);
      await (await client.fetch(`${mp}?uploadId=${id}`, { method: "DELETE" })).body?.cancel();
      // ...and ours, 8 MiB parts with a shorter last one, goes up (20 MiB: 8 + 8 + 4).
      const big = `${tempDir()}/parts.bin`;
      await Deno.writeFile(big, new Uint8Array(20 * 1024 * 1024).fill(7));
      await store.copyIn(big, "strict/parts.bin");
      assert.equal(await store.size("strict/parts.bin"), 20 * 1024 * 1024);
      await store.remove(["strict/parts.bin", "strict/one.txt"]);
    });
  }

  Deno.test(t("close the shared bucket"), async () => {
    await env.close();
    await s3.close();
  });
}
