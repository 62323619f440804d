/**
 * Reading request bodies with bounds (quality bar 19): a size cap checked against the declared
 * length before a byte is read and again as bytes arrive (chunked bodies declare none), and an
 * idle timeout, so a client that declares 2 MB and sends 90 bytes cannot hold a connection and
 * its buffers forever.
 */
import { HttpError } from "./http_error.ts";

export const BODY_TIMEOUT = "The request body took too long to arrive. Please try again.";

/** The rest of such a body is never read: the connection is closed after the answer, not kept for reuse. */
const CLOSE = { Connection: "close" };

export const bodyTooLarge = (maxBytes: number) =>
  new HttpError(413, `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KB)`, CLOSE);

/** One read of a body stream, given up with 408 after `idleMs` without a chunk. */
export async function readWithin<T>(read: Promise<T>, idleMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, BODY_TIMEOUT, CLOSE)), idleMs);
  });
  try {
    return await Promise.race([read, idle]);
  } finally {
    clearTimeout(timer);
  }
}

/** The whole body as bytes, at most `maxBytes` (413 otherwise, before reading when declared). */
export async function readBodyCapped(req: Request, maxBytes: number, idleMs: number): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await req.body?.cancel().catch(() => {});
    throw bodyTooLarge(maxBytes);
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader.read(), idleMs);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw bodyTooLarge(maxBytes);
      parts.push(value);
    }
  } catch (e) {
    reader.cancel().catch(() => {});
    throw e;
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.byteLength;
  }
  return out;
}
