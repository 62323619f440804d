import type { MiddlewareHandler } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { AppEnv } from "./app_env.ts";

type Encoded = { br: Uint8Array; gzip: Uint8Array };
const COMPRESSIBLE = /^(text\/|application\/(json|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/** Immutable assets are compressed once at the best level and kept. */
const immutableCache = new Map<string, Encoded>();

/**
 * Brotli (or gzip) for text responses. Pages use a fast level (5) since they are made per
 * request; hashed static assets get level 11 once.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const accept = c.req.header("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding || res.status !== 200 || !res.body || !COMPRESSIBLE.test(type) || res.headers.has("content-encoding")) return;
    if (c.req.method === "HEAD") return;
    const immutable = /immutable/.test(res.headers.get("cache-control") ?? "");
    let entry: Encoded | undefined = immutable ? immutableCache.get(c.req.path) : undefined;
    if (!entry) {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < MIN_BYTES) {
        c.res = new Response(raw, res);
        return;
      }
      const quality = immutable ? 11 : 5;
      entry = {
        br: brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
        }),
        gzip: gzipSync(raw, { level: immutable ? 9 : 6 }),
      };
      if (immutable) immutableCache.set(c.req.path, entry);
    }
    const body = entry[encoding];
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    headers.append("Vary", "Accept-Encoding");
    c.res = new Response(body as BodyInit, { status: res.status, headers });
  };
}
