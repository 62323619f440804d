/**
 * The S3-compatible backend (AWS S3, MinIO, Garage, Cloudflare R2, Backblaze B2, s3rver) over
 * plain fetch with SigV4 signatures from `aws4fetch` (decision 024). Large files go up in 8 MiB
 * parts (multipart upload), each part retried; a refused or unreachable bucket is a StorageError.
 */
import { AwsClient } from "aws4fetch";
import { open, rm } from "node:fs/promises";
import { MIME } from "../http/file_response.ts";
import { extname } from "node:path";
import { StorageError } from "./error.ts";
import type { LocalCopy, ServeOptions, Store } from "./store.ts";

export type S3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
};

const PART_BYTES = 8 * 1024 * 1024;
const ATTEMPTS = 3;
/** Request headers passed on to the bucket when the app serves an object itself. */
const FORWARD = ["range", "if-range", "if-none-match", "if-modified-since"];
const ANSWER = ["content-type", "content-length", "content-range", "accept-ranges", "etag", "last-modified"];

export class S3Store implements Store {
  readonly kind = "s3";
  readonly #client: AwsClient;
  readonly #base: string;
  readonly #signed = new Map<string, { url: string; until: number }>();

  constructor(
    readonly s3: S3Settings,
    readonly opts: { urlSeconds: number; mediaBaseUrl?: string },
    readonly tempPath: () => string,
  ) {
    this.#client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: "s3",
      region: s3.region,
      retries: 0,
    });
    const url = new URL(s3.endpoint);
    this.#base = s3.forcePathStyle ? `${url.origin}/${s3.bucket}` : `${url.protocol}//${s3.bucket}.${url.host}`;
  }

  #url(key = "", query = "") {
    if (key.includes("..") || key.startsWith("/")) throw new Error(`unsafe storage key ${key}`);
    return `${this.#base}/${key ? this.s3.prefix + key : ""}${query ? `?${query}` : ""}`;
  }

  /** A signed request; network failures and 5xx are retried, then become a StorageError. */
  async #send(
    method: string,
    url: string,
    init: { body?: Uint8Array<ArrayBuffer> | string; headers?: Record<string, string> } = {},
    retry = true,
  ) {
    let last = "";
    for (let attempt = 1; attempt <= (retry ? ATTEMPTS : 1); attempt++) {
      try {
        const res = await this.#client.fetch(url, { method, body: init.body, headers: init.headers });
        if (res.status < 500) return res;
        last = `${method} ${res.status} ${await res.text().catch(() => "")}`.slice(0, 300);
      } catch (e) {
        last = `${method} ${String(e)}`.slice(0, 300);
      }
      if (attempt < ATTEMPTS && retry) await new Promise((r) => setTimeout(r, 200 * attempt * attempt));
    }
    throw new StorageError(`bucket ${this.s3.bucket} at ${this.s3.endpoint}: ${last}`);
  }

  async #ok(res: Response, what: string) {
    if (res.ok) return res;
    throw new StorageError(`${what}: ${res.status} ${errorCode(await res.text().catch(() => ""))}`);
  }

  async moveIn(localPath: string, key: string) {
    await this.copyIn(localPath, key);
    await rm(localPath, { force: true });
  }

  async copyIn(localPath: string, key: string) {
    const type = { "content-type": MIME[extname(key)] ?? "application/octet-stream" };
    using file = await Deno.open(localPath, { read: true });
    const size = (await file.stat()).size;
    if (size <= 2 * PART_BYTES) {
      const body = await readChunk(file, size);
      await this.#ok(await this.#send("PUT", this.#url(key), { body, headers: type }), `put ${key}`);
      return;
    }
    const start = await this.#ok(await this.#send("POST", this.#url(key, "uploads"), { headers: type }), `start upload of ${key}`);
    const uploadId = tag(await start.text(), "UploadId");
    if (!uploadId) throw new StorageError(`start upload of ${key}: no UploadId`);
    const id = encodeURIComponent(uploadId);
    try {
      const etags: string[] = [];
      for (let n = 1, done = 0; done < size; n++) {
        const body = await readChunk(file, Math.min(PART_BYTES, size - done));
        const res = await this.#ok(
          await this.#send("PUT", this.#url(key, `partNumber=${n}&uploadId=${id}`), { body }),
          `part ${n} of ${key}`,
        );
        etags.push(res.headers.get("etag") ?? "");
        done += body.length;
      }
      const xml = `<CompleteMultipartUpload>${
        etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join("")
      }</CompleteMultipartUpload>`;
      const res = await this.#ok(await this.#send("POST", this.#url(key, `uploadId=${id}`), { body: xml }), `complete ${key}`);
      const text = await res.text();
      if (text.includes("<Error>")) throw new StorageError(`complete ${key}: ${errorCode(text)}`);
    } catch (e) {
      await this.#send("DELETE", this.#url(key, `uploadId=${id}`), {}, false).catch(() => {});
      throw e;
    }
  }

  async local(key: string): Promise<LocalCopy | null> {
    const res = await this.#send("GET", this.#url(key));
    if (res.status === 404) return await res.body?.cancel(), null;
    await this.#ok(res, `get ${key}`);
    const path = this.tempPath();
    try {
      const file = await open(path, "wx", 0o640);
      let size = 0;
      try {
        for await (const chunk of res.body!) {
          await file.write(chunk);
          size += chunk.length;
        }
      } finally {
        await file.close();
      }
      return { path, size, release: () => rm(path, { force: true }) };
    } catch (e) {
      await rm(path, { force: true });
      throw e instanceof StorageError ? e : new StorageError(`get ${key}: ${String(e)}`);
    }
  }

  async size(key: string) {
    const res = await this.#send("HEAD", this.#url(key));
    if (res.status === 404) return null;
    await this.#ok(res, `head ${key}`);
    return Number(res.headers.get("content-length"));
  }

  async remove(keys: string[]) {
    for (const key of keys) {
      const res = await this.#send("DELETE", this.#url(key));
      if (res.status !== 404) await this.#ok(res, `delete ${key}`);
    }
  }

  /** ListObjects (v1, paged by `marker`): every provider has it, and s3rver's v2 paging fails. */
  async *list() {
    let marker = "";
    for (;;) {
      const q = `prefix=${encodeURIComponent(this.s3.prefix)}${marker ? `&marker=${encodeURIComponent(marker)}` : ""}`;
      const res = await this.#ok(await this.#send("GET", this.#url("", q)), "list");
      const xml = await res.text();
      marker = "";
      for (const item of xml.match(/<Contents>[\s\S]*?<\/Contents>/g) ?? []) {
        marker = unescapeXml(tag(item, "Key") ?? "");
        const key = marker.slice(this.s3.prefix.length);
        if (key && !key.startsWith("tmp/")) yield { key, size: Number(tag(item, "Size")) };
      }
      if (tag(xml, "IsTruncated") !== "true" || !marker) return;
    }
  }

  /**
   * A presigned GET, reused for a quarter of its lifetime (signing is most of a redirect's cost);
   * the redirect is cached for at most half of it, so a browser never follows an expired one.
   */
  async directUrl(key: string) {
    if (this.opts.mediaBaseUrl) return `${this.opts.mediaBaseUrl}/${this.s3.prefix}${key}`;
    const now = Date.now();
    const kept = this.#signed.get(key);
    if (kept && kept.until > now) return kept.url;
    const url = new URL(this.#url(key));
    url.searchParams.set("X-Amz-Expires", String(this.opts.urlSeconds));
    const signed = (await this.#client.sign(url.toString(), { method: "GET", aws: { signQuery: true } })).url;
    if (this.#signed.size >= 10_000) this.#signed.clear();
    this.#signed.set(key, { url: signed, until: now + this.opts.urlSeconds * 250 });
    return signed;
  }

  async respond(req: Request, key: string, opts: ServeOptions) {
    const headers: Record<string, string> = {};
    for (const h of FORWARD) if (req.headers.get(h)) headers[h] = req.headers.get(h)!;
    const res = await this.#send(req.method === "HEAD" ? "HEAD" : "GET", this.#url(key), { headers });
    if (res.status === 404) return await res.body?.cancel(), null;
    if (res.status >= 400 && res.status !== 416) await this.#ok(res, `get ${key}`);
    const out = new Headers({ "Cache-Control": opts.cacheControl });
    for (const h of ANSWER) if (res.headers.get(h)) out.set(h, res.headers.get(h)!);
    return new Response(req.method === "HEAD" ? null : res.body, { status: res.status, headers: out });
  }

  /** Lists one key: the cheapest request that says whether the endpoint, credentials and bucket work. */
  async check() {
    const where = `bucket "${this.s3.bucket}" at ${this.s3.endpoint}`;
    let res: Response;
    try {
      res = await this.#client.fetch(this.#url("", "max-keys=1"), { signal: AbortSignal.timeout(10_000) });
    } catch (e) {
      throw new StorageError(
        `cannot reach S3_ENDPOINT ${this.s3.endpoint} (wrong endpoint, or the server is down): ${String(e)}`,
        "unreachable",
      );
    }
    if (res.ok) return void (await res.body?.cancel());
    const code = errorCode(await res.text().catch(() => ""));
    if (code === "NoSuchBucket" || res.status === 404) {
      throw new StorageError(`${where} does not exist (create it, or fix S3_BUCKET)`, "bucket");
    }
    if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"].includes(code) || res.status === 403) {
      throw new StorageError(
        `${where} refused the credentials (${code || res.status}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
        "credentials",
      );
    }
    throw new StorageError(`${where} answered ${res.status} ${code}`);
  }
}

async function readChunk(file: Deno.FsFile, n: number): Promise<Uint8Array<ArrayBuffer>> {
  const buf = new Uint8Array(n);
  let at = 0;
  while (at < n) {
    const got = await file.read(buf.subarray(at));
    if (got === null) throw new Error("file shorter than its size");
    at += got;
  }
  return buf;
}

function tag(xml: string, name: string): string | null {
  return xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))?.[1] ?? null;
}

function errorCode(xml: string) {
  return tag(xml, "Code") ?? "";
}

function unescapeXml(s: string) {
  return s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}
