import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { brotliCompressSync, constants, crc32, deflateRawSync } from "node:zlib";
import type { AppEnv } from "../app_env.ts";
import { type DeflatedStart, gzipAfter } from "./deflate.ts";
import { gzipKept } from "./gzip_memo.ts";

type Encoding = "br" | "gzip";
const COMPRESSIBLE = /^(text\/|application\/(json|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/** Gzip level of responses made per request (see decision 006). */
export const GZIP_LEVEL = 5;
/** Immutable assets are compressed once at the best level and kept. */
const immutableCache = new Map<string, Uint8Array>();

function encode(raw: Uint8Array, encoding: Encoding, best: boolean): Uint8Array {
  return encoding === "br"
    ? brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
    })
    : gzipAfter(null, raw, best ? 9 : GZIP_LEVEL);
}

/** The encoding for a response made per request: gzip when accepted (see below), else brotli. */
export function dynamicEncoding(accept: string): Encoding | null {
  return /\bgzip\b/.test(accept) ? "gzip" : /\bbr\b/.test(accept) ? "br" : null;
}

/** How every page starts (components/Document.tsx); a first visit's inlined stylesheet follows it. */
export const PAGE_START =
  '<!DOCTYPE html><html lang="en" class="dark"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>';

/**
 * Sends a page's HTML compressed straight away: the middleware would otherwise read the body
 * back out of a Response and build a second one (~15% of a home page request, profiled).
 * `inlineCss` (a first visit's critical rules) goes into a <style> right after PAGE_START. `holes`: the values
 * this page has that the same page for the next request would not (its CSP nonce, a fresh
 * shuffle seed), so a page seen again is gzipped from its kept parts (lib/http/gzip_memo.ts).
 */
export function sendHtml(
  c: Context<AppEnv>,
  html: string,
  status: ContentfulStatusCode,
  inlineCss: string | null = null,
  holes: string[] = [],
) {
  const encoding = dynamicEncoding(c.req.header("accept-encoding") ?? "");
  const split = inlineCss !== null && html.startsWith(PAGE_START);
  if (inlineCss !== null && !split) html = html.replace("</head>", `<style>${inlineCss}</style></head>`);
  const whole = () => (split ? `${PAGE_START}<style>${inlineCss}</style>${html.slice(PAGE_START.length)}` : html);
  if (!encoding || c.req.method === "HEAD" || html.length < MIN_BYTES) return c.html(whole(), status);
  const headers = { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": encoding, "Vary": "Accept-Encoding" };
  const body = encoding === "gzip"
    ? (split ? gzipKept(startOf(inlineCss!), html.slice(PAGE_START.length), holes, GZIP_LEVEL) : gzipKept(null, html, holes, GZIP_LEVEL))
    : encode(new TextEncoder().encode(whole()), encoding, false);
  return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
}

/**
 * Answers a JSON text compressed straight away, with the headers the middleware would give it
 * (it would read the body back out of a Response and copy its headers into a second one: a
 * third of the feed API's time after its JSON, profiled).
 */
export function sendJson(c: Context<AppEnv>, json: string, status: ContentfulStatusCode = 200) {
  const encoding = dynamicEncoding(c.req.header("accept-encoding") ?? "");
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (!encoding || c.req.method === "HEAD" || json.length < MIN_BYTES) return c.body(json, status, headers);
  const body = encoding === "gzip" ? gzipKept(null, json, [], GZIP_LEVEL) : encode(new TextEncoder().encode(json), encoding, false);
  headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.byteLength);
  headers["Vary"] = "Accept-Encoding";
  return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
}

/** Keyed by the inlined rules themselves (one string per kind of page, whose hash V8 keeps). */
const starts = new Map<string, DeflatedStart>();

/**
 * A first visit's page start (PAGE_START and the inlined rules, the same on pages of one kind),
 * deflated once and flushed to a byte boundary: the rest of the page is deflated per request
 * after it (lib/http/deflate.ts gzipAfter), and the checksum continues from the kept one. A first
 * visit's home page: 0.7 ms instead of 1.3 ms for gzip 5 of the whole, the same size (measured).
 * The rest does not refer back into the stylesheet (Deno's node:zlib ignores a preset dictionary;
 * on the home page it would have saved no byte anyway).
 */
function startOf(inlineCss: string): DeflatedStart {
  let head = starts.get(inlineCss);
  if (!head) {
    const raw = new TextEncoder().encode(`${PAGE_START}<style>${inlineCss}</style>`);
    head = { raw, deflated: deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(raw) };
    if (starts.size >= 32) starts.clear();
    starts.set(inlineCss, head);
  }
  return head;
}

/**
 * Text responses compressed in one encoding the client accepts. Hashed static assets get
 * brotli 11 once and are kept. Pages are made per request, and measured here on an 82 KB home
 * page gzip 5 gave 9.9 KB in 0.9 ms where brotli needed 4 ms at level 4 (9.2 KB) and 1.6 ms at
 * level 2 (10.1 KB), so pages prefer gzip. Measured again on the 52 KB home page (issue 14, CPU
 * time): gzip 5 7.8 KB in 0.69 ms, brotli 4 7.6 KB in 1.06 ms, brotli 2 and 3 both slower than 4
 * and larger (the 74 KB first visit: 13.8 KB at level 2, 12.9 KB at 4), so the few clients that
 * take only brotli get level 4.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const accept = c.req.header("accept-encoding") ?? "";
    const immutable = /immutable/.test(res.headers.get("cache-control") ?? "");
    const encoding = immutable && /\bbr\b/.test(accept) ? "br" : dynamicEncoding(accept);
    if (!encoding || res.status !== 200 || c.req.method === "HEAD" || !COMPRESSIBLE.test(type) || res.headers.has("content-encoding")) {
      return;
    }
    // Read last: `body` turns a response made of bytes into a stream, which Deno.serve then sends
    // chunk by chunk through a resource, the bytes held until then (decision 049).
    if (!res.body) return;
    const cacheKey = `${encoding}:${c.req.path}`;
    let body = immutable ? immutableCache.get(cacheKey) : undefined;
    if (!body) {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < MIN_BYTES) {
        c.res = new Response(raw, res);
        return;
      }
      body = encode(raw, encoding, immutable);
      if (immutable) immutableCache.set(cacheKey, body);
    }
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    headers.append("Vary", "Accept-Encoding");
    c.res = new Response(body as BodyInit, { status: res.status, headers });
  };
}
