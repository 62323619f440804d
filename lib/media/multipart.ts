/**
 * The byte-level reading of a multipart/form-data body (lib/media/upload_stream.ts puts it to
 * use): finding the boundary delimiter in a stream that arrives in chunks, reading the stream
 * into one reused buffer, and parsing a part's headers.
 */
import { readWithin } from "../body.ts";
import { HttpError } from "../http_error.ts";

export const malformed = (why: string) => new HttpError(400, `Malformed multipart body: ${why}`);

/**
 * `needle` in `hay`: the native TypedArray indexOf finds candidates for the first byte, the rest
 * is compared by hand. (Buffer.indexOf of Deno's node:buffer is plain JavaScript and ~50x slower.)
 */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** Length of the longest end of `hay` that is a proper start of `needle` (a delimiter cut by a chunk edge). */
export function partialTail(hay: Uint8Array, needle: Uint8Array): number {
  for (let i = hay.indexOf(needle[0], Math.max(0, hay.length - needle.length + 1)); i !== -1; i = hay.indexOf(needle[0], i + 1)) {
    let j = 0;
    while (i + j < hay.length && hay[i + j] === needle[j]) j++;
    if (i + j === hay.length) return hay.length - i;
  }
  return 0;
}

export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export const bytes = (s: string) => new TextEncoder().encode(s);
export const latin1 = new TextDecoder("latin1");

const SCRATCH_BYTES = 256 * 1024;
const EMPTY = new Uint8Array();

/**
 * Reads the body as a byte stream with a small carry-over buffer for boundary matching. A byte
 * stream (Deno.serve's request bodies) is read BYOB into one reused scratch buffer, so receiving
 * a large file allocates no memory per chunk; other streams are read chunk by chunk. More than
 * `maxTotal` bytes throw `tooLarge()`, a read idle for `idleMs` a 408.
 */
export class BodyReader {
  #byob: ReadableStreamBYOBReader | null = null;
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  #scratch: ArrayBuffer | null = null;
  buf: Uint8Array;
  eof = false;
  total = 0;

  constructor(
    stream: ReadableStream<Uint8Array>,
    initial: Uint8Array,
    readonly maxTotal: number,
    readonly idleMs: number,
    readonly tooLarge: () => Error,
  ) {
    try {
      this.#byob = stream.getReader({ mode: "byob" });
      this.#scratch = new ArrayBuffer(SCRATCH_BYTES);
    } catch {
      this.#reader = stream.getReader();
    }
    this.buf = initial;
  }

  /** Appends the next chunk to `buf`; false at the end of the body. */
  async fill(): Promise<boolean> {
    if (this.eof) return false;
    let value: Uint8Array | undefined;
    if (this.#byob) {
      // What is left of `buf` lives in the scratch buffer the next read reuses: copy it first.
      const rest = this.buf.length ? this.buf.slice() : EMPTY;
      const r = await readWithin(this.#byob.read(new Uint8Array(this.#scratch!, 0, SCRATCH_BYTES)), this.idleMs);
      if (r.value) this.#scratch = r.value.buffer as ArrayBuffer;
      value = r.done ? undefined : r.value;
      this.buf = rest;
    } else {
      const r = await readWithin(this.#reader!.read(), this.idleMs);
      value = r.done ? undefined : r.value;
    }
    if (!value) {
      this.eof = true;
      return false;
    }
    this.total += value.byteLength;
    if (this.total > this.maxTotal) throw this.tooLarge();
    this.buf = concat(this.buf, value);
    return true;
  }

  cancel() {
    (this.#byob ?? this.#reader)?.cancel().catch(() => {});
  }
}

export type Part = { name: string; filename: string | null };

export function parsePartHeaders(raw: string): Part {
  const disposition = raw.split("\r\n").find((l) => /^content-disposition:/i.test(l)) ?? "";
  const param = (key: string) => {
    const m = disposition.match(new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i")) ??
      disposition.match(new RegExp(`;\\s*${key}=([^;\\s]+)`, "i"));
    return m ? m[1] : null;
  };
  return { name: param("name") ?? "", filename: param("filename") };
}

/** The boundary of a multipart/form-data Content-Type (415 for any other type). */
export function boundaryOf(contentType: string): string {
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new HttpError(415, "Content-Type must be multipart/form-data");
  const m = contentType.match(/;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw malformed("no boundary");
  return boundary;
}
