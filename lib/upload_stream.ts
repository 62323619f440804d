/**
 * Receives one file from a multipart/form-data request body without ever holding it whole in
 * memory: the body stream is scanned for the boundary chunk by chunk, the file part is written
 * to `tmp/*.part` in the uploads directory while its SHA-256 is computed, the size limit of its
 * sniffed type is enforced as bytes arrive, and the finished file is flushed (fsync) and renamed
 * atomically to a server-generated key. Any failure removes the temp file.
 */
import { Buffer } from "node:buffer";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import type { Config } from "./config.ts";
import { HttpError } from "./http_error.ts";
import { sniff, SNIFF_BYTES, type Sniffed } from "./sniff.ts";
import { keyPath, newKey } from "./storage.ts";

export type StoredUpload = Sniffed & { key: string; size: number; sha256: string };

export const INVALID_TYPE = "Invalid file type";
export const TOO_LARGE = "File too large";

/** Room for the multipart framing and small extra fields around the file. */
const ENVELOPE_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

const tooLarge = (limit: number) => new HttpError(413, `${TOO_LARGE} (at most ${Math.round(limit / 1048576)} MB)`);
const malformed = (why: string) => new HttpError(400, `Malformed multipart body: ${why}`);

export function limitFor(config: Config, kind: "video" | "image") {
  return kind === "video" ? config.limits.videoBytes : config.limits.imageBytes;
}

/** Reads the body as a byte stream with a small carry-over buffer for boundary matching. */
class BodyReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  buf: Buffer;
  eof = false;
  total = 0;

  constructor(stream: ReadableStream<Uint8Array>, initial: Buffer, readonly maxTotal: number) {
    this.#reader = stream.getReader();
    this.buf = initial;
  }

  /** Appends the next chunk to `buf`; false at the end of the body. */
  async fill(): Promise<boolean> {
    if (this.eof) return false;
    const { value, done } = await this.#reader.read();
    if (done) {
      this.eof = true;
      return false;
    }
    this.total += value.byteLength;
    if (this.total > this.maxTotal) throw tooLarge(this.maxTotal - ENVELOPE_BYTES);
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    return true;
  }

  cancel() {
    this.#reader.cancel().catch(() => {});
  }
}

type Part = { name: string; filename: string | null };

function parsePartHeaders(raw: string): Part {
  const disposition = raw.split("\r\n").find((l) => /^content-disposition:/i.test(l)) ?? "";
  const param = (key: string) => {
    const m = disposition.match(new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i")) ??
      disposition.match(new RegExp(`;\\s*${key}=([^;\\s]+)`, "i"));
    return m ? m[1] : null;
  };
  return { name: param("name") ?? "", filename: param("filename") };
}

/** Writes the file part: temp file, hash, sniffing, the type's size limit. */
class FileSink {
  #file: Deno.FsFile | null = null;
  #hash = createHash("sha256");
  #head: Buffer[] = [];
  #headBytes = 0;
  type: Sniffed | null = null;
  size = 0;

  constructor(readonly tmpPath: string, readonly config: Config, readonly declaredLength: number | null) {}

  async open() {
    this.#file = await Deno.open(this.tmpPath, { write: true, createNew: true, mode: 0o640 });
  }

  async write(chunk: Buffer) {
    if (!chunk.length) return;
    this.size += chunk.length;
    if (this.type && this.size > limitFor(this.config, this.type.kind)) throw tooLarge(limitFor(this.config, this.type.kind));
    if (!this.type) {
      this.#head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES)));
      this.#headBytes += Math.min(chunk.length, SNIFF_BYTES);
      if (this.#headBytes >= SNIFF_BYTES) this.#decide();
    }
    this.#hash.update(chunk);
    await writeAll(this.#file!, chunk);
  }

  #decide() {
    this.type = sniff(Buffer.concat(this.#head));
    this.#head = [];
    if (!this.type) throw new HttpError(415, INVALID_TYPE);
    const limit = limitFor(this.config, this.type.kind);
    // A declared body far above the limit is refused before reading the rest of it.
    if (this.size > limit || (this.declaredLength !== null && this.declaredLength > limit + ENVELOPE_BYTES)) throw tooLarge(limit);
  }

  /** The part ended: sniff a short file, flush to disk. */
  async finish(): Promise<string> {
    if (this.size === 0) throw new HttpError(400, "The file is empty");
    if (!this.type) this.#decide();
    await this.#file!.sync();
    this.#file!.close();
    this.#file = null;
    return this.#hash.digest("hex");
  }

  close() {
    try {
      this.#file?.close();
    } catch { /* already closed */ }
    this.#file = null;
  }
}

async function writeAll(file: Deno.FsFile, data: Uint8Array) {
  let off = 0;
  while (off < data.length) off += await file.write(data.subarray(off));
}

function boundaryOf(contentType: string): string {
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new HttpError(415, "Content-Type must be multipart/form-data");
  const m = contentType.match(/;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw malformed("no boundary");
  return boundary;
}

/**
 * Streams the multipart field `field` of `req` to disk. Other fields are read past and
 * dropped. Throws HttpError 400/413/415 and leaves nothing on disk when it does.
 */
export async function receiveUpload(req: Request, config: Config, field = "file"): Promise<StoredUpload> {
  const boundary = boundaryOf(req.headers.get("content-type") ?? "");
  const lengthHeader = req.headers.get("content-length");
  const declared = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  const maxBody = Math.max(config.limits.videoBytes, config.limits.imageBytes) + ENVELOPE_BYTES;
  if (declared !== null && declared > maxBody) throw tooLarge(maxBody - ENVELOPE_BYTES);
  if (!req.body) throw new HttpError(400, "No file uploaded");

  await mkdir(`${config.uploadsDir}/tmp`, { recursive: true });
  const tmpPath = `${config.uploadsDir}/tmp/${randomBytes(12).toString("hex")}.part`;
  // The body is read as if preceded by CRLF, so the first boundary matches the same delimiter.
  const reader = new BodyReader(req.body, Buffer.from("\r\n"), maxBody);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let sink: FileSink | null = null;
  let result: { sha256: string; sink: FileSink } | null = null;

  /** Finds `needle` in the buffer, reading more as needed; -1 at the end of the body. */
  const find = async (needle: Buffer, maxScan: number): Promise<number> => {
    for (;;) {
      const at = reader.buf.indexOf(needle);
      if (at >= 0) return at;
      if (reader.buf.length > maxScan) return -1;
      if (!(await reader.fill())) return -1;
    }
  };
  const need = async (n: number) => {
    while (reader.buf.length < n) if (!(await reader.fill())) throw malformed("unexpected end");
  };

  try {
    // Preamble up to the first boundary.
    const first = await find(delimiter, MAX_HEADER_BYTES);
    if (first < 0) throw malformed("no boundary found");
    reader.buf = reader.buf.subarray(first + delimiter.length);
    for (;;) {
      await need(2);
      if (reader.buf[0] === 0x2d && reader.buf[1] === 0x2d) break; // "--": the closing boundary
      const lineEnd = await find(Buffer.from("\r\n"), 256);
      if (lineEnd < 0) throw malformed("bad boundary line");
      reader.buf = reader.buf.subarray(lineEnd + 2);
      const headerEnd = await find(Buffer.from("\r\n\r\n"), MAX_HEADER_BYTES);
      if (headerEnd < 0) throw malformed("part headers too long or missing");
      const part = parsePartHeaders(reader.buf.subarray(0, headerEnd).toString("latin1"));
      reader.buf = reader.buf.subarray(headerEnd + 4);

      const isFile = part.name === field && part.filename !== null && !result && !sink;
      if (isFile) {
        sink = new FileSink(tmpPath, config, declared);
        await sink.open();
      }
      // The part body: everything up to the next delimiter, written as it streams.
      for (;;) {
        const at = reader.buf.indexOf(delimiter);
        if (at >= 0) {
          if (isFile) await sink!.write(reader.buf.subarray(0, at));
          reader.buf = reader.buf.subarray(at + delimiter.length);
          break;
        }
        const safe = reader.buf.length - (delimiter.length - 1);
        if (safe > 0) {
          if (isFile) await sink!.write(reader.buf.subarray(0, safe));
          reader.buf = reader.buf.subarray(safe);
        }
        if (!(await reader.fill())) throw malformed("the upload ended early");
      }
      if (isFile) {
        result = { sha256: await sink!.finish(), sink: sink! };
        sink = null;
      }
    }
    if (!result) throw new HttpError(400, "No file uploaded (multipart field 'file' is required)");
    const type = result.sink.type!;
    const key = newKey(type.kind === "video" ? "v" : "i", type.ext);
    const finalPath = keyPath(config, key);
    await mkdir(finalPath.slice(0, finalPath.lastIndexOf("/")), { recursive: true });
    await rename(tmpPath, finalPath);
    await syncDir(finalPath.slice(0, finalPath.lastIndexOf("/")));
    return { ...type, key, size: result.sink.size, sha256: result.sha256 };
  } catch (e) {
    reader.cancel();
    (sink as FileSink | null)?.close();
    await rm(tmpPath, { force: true });
    throw e;
  }
}

/** Makes the rename durable: fsync the directory entry (best effort where unsupported). */
async function syncDir(dir: string) {
  try {
    const d = await Deno.open(dir, { read: true });
    try {
      await d.sync();
    } finally {
      d.close();
    }
  } catch { /* not supported on every platform */ }
}
