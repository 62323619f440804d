/**
 * Receives one file from a multipart/form-data request body without ever holding it whole in
 * memory: the body stream is scanned for the boundary chunk by chunk, the file part is written
 * to `tmp/*.part` in the uploads directory while its SHA-256 is computed, the size limit of its
 * sniffed type is enforced as bytes arrive, a body idle for BODY_IDLE_TIMEOUT_SECONDS is given up
 * (408), and the finished file is flushed (fsync). It keeps its
 * `.part` name (removed at start after a crash) until the caller has checked it and recorded its
 * uploads row; then `commitUpload` stores it under the server-generated key (lib/storage/). Any failure
 * removes the temp file.
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { sniff, SNIFF_BYTES, type Sniffed } from "../../common/sniff.ts";
import { newKey, storeFor } from "./storage.ts";
import { maxSizeText } from "../../common/upload_rules.ts";
import { BodyReader, boundaryOf, bytes, concat, indexOfBytes, latin1, malformed, parsePartHeaders, partialTail } from "./multipart.ts";

/**
 * What else holds a body's bytes back (the member's upload quota, lib/media/quota.ts): `declared`
 * sees the Content-Length before any byte is read, `reach` the file's running size before each
 * chunk is written. Either throws to refuse.
 */
export type ByteGate = { declared(bodyBytes: number): Promise<void>; reach(fileBytes: number): Promise<void> };

/** A received file: still at `tmpPath` until `commitUpload` moves it to `key`. */
export type StoredUpload = Sniffed & { key: string; tmpPath: string; size: number; sha256: string };

export const INVALID_TYPE = "Invalid file type";
export const TOO_LARGE = "File too large";

/** Room for the multipart framing and small extra fields around the file. */
const ENVELOPE_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

const tooLarge = (limit: number) => new HttpError(413, `${TOO_LARGE}. ${maxSizeText(limit)}`);

export function limitFor(config: Config, kind: "video" | "image") {
  return kind === "video" ? config.limits.videoBytes : config.limits.imageBytes;
}

/** Writes the file part: temp file, hash, sniffing, the type's size limit. */
class FileSink {
  #file: Deno.FsFile | null = null;
  #hash = createHash("sha256");
  #head: Uint8Array = new Uint8Array();
  type: Sniffed | null = null;
  size = 0;

  constructor(readonly tmpPath: string, readonly config: Config, readonly declaredLength: number | null) {}

  async open() {
    this.#file = await Deno.open(this.tmpPath, { write: true, createNew: true, mode: 0o640 });
  }

  write(chunk: Uint8Array) {
    if (!chunk.length) return;
    this.size += chunk.length;
    if (this.type && this.size > limitFor(this.config, this.type.kind)) throw tooLarge(limitFor(this.config, this.type.kind));
    if (!this.type) {
      this.#head = concat(this.#head, chunk.slice(0, SNIFF_BYTES));
      if (this.#head.length >= SNIFF_BYTES) this.#decide();
    }
    this.#hash.update(chunk);
    writeAllSync(this.#file!, chunk);
  }

  #decide() {
    this.type = sniff(this.#head);
    this.#head = new Uint8Array();
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

/**
 * Chunks (tens of KB) go to the page cache with a synchronous write: measured here, an async
 * write per chunk while the request body streams in cost ~2 ms each (10x slower uploads), a sync
 * one ~0.05 ms. Durability comes from the single fsync at the end.
 */
function writeAllSync(file: Deno.FsFile, data: Uint8Array) {
  let off = 0;
  while (off < data.length) off += file.writeSync(data.subarray(off));
}

/**
 * Streams the multipart field `field` of `req` to disk. Other fields are read past and
 * dropped. Throws HttpError 400/413/415 and leaves nothing on disk when it does.
 */
export async function receiveUpload(req: Request, config: Config, field = "file", gate?: ByteGate): Promise<StoredUpload> {
  const boundary = boundaryOf(req.headers.get("content-type") ?? "");
  const lengthHeader = req.headers.get("content-length");
  const declared = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  const maxBody = Math.max(config.limits.videoBytes, config.limits.imageBytes) + ENVELOPE_BYTES;
  if (declared !== null && declared > maxBody) throw tooLarge(maxBody - ENVELOPE_BYTES);
  if (!req.body) throw new HttpError(400, "No file uploaded");
  if (gate && declared !== null) await gate.declared(declared);

  const tmpPath = storeFor(config).tempPath();
  // The body is read as if preceded by CRLF, so the first boundary matches the same delimiter.
  const reader = new BodyReader(req.body, bytes("\r\n"), maxBody, config.body.idleTimeoutMs, () => tooLarge(maxBody - ENVELOPE_BYTES));
  const delimiter = bytes(`\r\n--${boundary}`);
  const CRLF = bytes("\r\n");
  const CRLFCRLF = bytes("\r\n\r\n");
  let sink: FileSink | null = null;
  let result: { sha256: string; sink: FileSink } | null = null;

  /** Finds `needle` in the buffer, reading more as needed; -1 at the end of the body. */
  const find = async (needle: Uint8Array, maxScan: number): Promise<number> => {
    for (;;) {
      const at = indexOfBytes(reader.buf, needle);
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
      const lineEnd = await find(CRLF, 256);
      if (lineEnd < 0) throw malformed("bad boundary line");
      reader.buf = reader.buf.subarray(lineEnd + 2);
      const headerEnd = await find(CRLFCRLF, MAX_HEADER_BYTES);
      if (headerEnd < 0) throw malformed("part headers too long or missing");
      const part = parsePartHeaders(latin1.decode(reader.buf.subarray(0, headerEnd)));
      reader.buf = reader.buf.subarray(headerEnd + 4);

      const isFile = part.name === field && part.filename !== null && !result && !sink;
      if (isFile) {
        sink = new FileSink(tmpPath, config, declared);
        await sink.open();
      }
      // The part body: everything up to the next delimiter, written as it streams.
      for (;;) {
        const at = indexOfBytes(reader.buf, delimiter);
        if (at >= 0) {
          if (isFile && gate) await gate.reach(sink!.size + at);
          if (isFile) sink!.write(reader.buf.subarray(0, at));
          reader.buf = reader.buf.subarray(at + delimiter.length);
          break;
        }
        // Everything but a possible start of the delimiter is file data; usually nothing is held back,
        // so the next chunk is used as it comes, without a copy.
        const safe = reader.buf.length - partialTail(reader.buf, delimiter);
        if (safe > 0) {
          if (isFile && gate) await gate.reach(sink!.size + safe);
          if (isFile) sink!.write(reader.buf.subarray(0, safe));
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
    return { ...type, key, tmpPath, size: result.sink.size, sha256: result.sha256 };
  } catch (e) {
    reader.cancel();
    (sink as FileSink | null)?.close();
    await rm(tmpPath, { force: true });
    throw e;
  }
}

/**
 * Moves a received file from its temp name to its key, durably (renamed on local disk, uploaded
 * to a bucket). Call it only once the uploads row naming the key exists: a crash before leaves a
 * `.part` the start-up cleanup removes, a crash after leaves a row the unattached sweep removes;
 * never a stored file nothing references. A bucket that fails throws StorageError (503).
 */
export async function commitUpload(config: Config, stored: StoredUpload): Promise<void> {
  await storeFor(config).moveIn(stored.tmpPath, stored.key);
}

/** Removes a received file that will not be kept (wherever it is now). */
export async function discardUpload(config: Config, stored: StoredUpload): Promise<void> {
  await rm(stored.tmpPath, { force: true });
  // Nothing reached the bucket when the bucket is what failed; then the sweep has nothing to find either.
  await storeFor(config).remove([stored.key]).catch(() => {});
}
