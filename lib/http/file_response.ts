import { open, stat } from "node:fs/promises";
import { Readable } from "node:stream";
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
  const handle = await open(path, "r");
  const stream = handle.createReadStream({ start, end, highWaterMark: 256 * 1024 });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
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
