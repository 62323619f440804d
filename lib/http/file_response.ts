import { stat } from "node:fs/promises";
import { extname } from "node:path";

export const MIME: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

type Options = { cacheControl: string; contentType?: string };

/**
 * Serves a file from disk with Range (206/416), HEAD, ETag, Last-Modified and If-Range,
 * streaming it so a large video never sits in memory. Returns null when there is no file.
 */
export async function fileResponse(req: Request, path: string, opts: Options): Promise<Response | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const size = info.size;
  const etag = `"${size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    "Content-Type": opts.contentType ?? MIME[extname(path).toLowerCase()] ?? "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Cache-Control": opts.cacheControl,
    "ETag": etag,
    "Last-Modified": info.mtime.toUTCString(),
  });
  const ifNoneMatch = req.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = size - 1;
  let status = 200;
  const range = req.headers.get("range");
  const ifRange = req.headers.get("if-range");
  const rangeApplies = range && (!ifRange || ifRange === etag || ifRange === headers.get("Last-Modified"));
  if (rangeApplies) {
    const parsed = parseRange(range, size);
    if (parsed === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    if (parsed) {
      [start, end] = parsed;
      status = 206;
      headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    }
  }
  const length = size === 0 ? 0 : end - start + 1;
  headers.set("Content-Length", String(length));
  if (req.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const file = await Deno.open(path, { read: true });
  try {
    if (start > 0) await file.seek(start, Deno.SeekMode.Start);
  } catch (e) {
    file.close();
    throw e;
  }
  // To the end of the file (a whole file, or `bytes=N-` as players ask): Deno's own file stream, which
  // Deno.serve sends from the file without JavaScript per chunk and closes when the client goes.
  return new Response(end === size - 1 ? file.readable : boundedStream(file, length), { status, headers });
}

const CHUNK_BYTES = 256 * 1024;

/**
 * `length` bytes of an open file from where it stands, one read per pull: nothing is read ahead of
 * the consumer but the next chunk, and nothing is enqueued once it went away. The file is closed at
 * the end, on an error, or when the consumer cancels (the client closed the connection) - after a
 * read still running, never under it.
 *
 * Not node:stream's `Readable.toWeb(createReadStream())`, which this replaced (issue 35): its
 * adapter resumes the node stream in a nextTick after each pull; when the consumer cancels in the
 * same turn (Deno.serve does, finding the connection closed right after taking a chunk), the
 * destroyed stream still emits its buffered chunk, and the adapter enqueues it into the cancelled
 * web stream: "Uncaught TypeError: The stream controller cannot close or enqueue", thrown in a
 * tick callback, which ended the process (tests/aborted_downloads_test.ts).
 */
function boundedStream(file: Deno.FsFile, length: number): ReadableStream<Uint8Array> {
  let left = length;
  let reading = false;
  let state: "open" | "cancelled" | "closed" = "open";
  const closeFile = () => {
    if (state === "closed") return;
    state = "closed";
    file.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const buf = new Uint8Array(Math.min(CHUNK_BYTES, left));
      reading = true;
      let n: number | null;
      try {
        n = await file.read(buf);
      } catch (e) {
        closeFile();
        throw e; // the response is cut short: the client sees a body shorter than its length
      } finally {
        reading = false;
      }
      if (state !== "open") return closeFile(); // cancelled while reading
      if (n === null) {
        closeFile();
        return controller.error(new Error("file shorter than its size"));
      }
      left -= n;
      controller.enqueue(buf.subarray(0, n));
      if (left === 0) {
        closeFile();
        controller.close();
      }
    },
    cancel() {
      if (reading) state = "cancelled";
      else closeFile();
    },
  });
}

/** A single byte range ("bytes=a-b", "bytes=a-", "bytes=-n"); multiple ranges are served whole. */
export function parseRange(header: string, size: number): [number, number] | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return [start, end];
}
