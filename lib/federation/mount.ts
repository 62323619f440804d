/**
 * Fedify in front of the routes (issue 40): what it serves (WebFinger, NodeInfo, actors, inboxes,
 * collections, objects) it answers; the rest, and a browser asking for an actor's or an object's
 * URL, goes on to Hono, which renders the profile or media page. Inbox bodies over 1 MiB get 413
 * before Fedify reads a byte of them. FEDERATION=false: it is not mounted, and those URLs are 404.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import { federationFor } from "./federation.ts";
import { tombstoneResponse } from "./objects.ts";
import { isFollow, refusedSender } from "./inbound_guard.ts";

export const INBOX_MAX_BYTES = 1024 * 1024;
const INBOX_PATH = /^\/(inbox|user\/[^/]{1,100}\/inbox)$/;
const AP_PATH = /^\/(user|media)\//;
/** The only paths Fedify serves: every other request skips it (no per-request cost on pages and the API). */
const FEDIFY_PATH = /^\/(\.well-known\/(webfinger|nodeinfo)|nodeinfo\/|inbox$|user\/|media\/)/;
/**
 * A profile page a browser asks for (no JSON in its Accept): Fedify would only hand it on (its
 * onNotAcceptable below) after building its request context, about 1 ms of the profile's
 * request (issue 44, profiled), so it goes straight to the page. Fedify reads a missing Accept
 * as any type, which it does not answer with JSON either.
 */
const PROFILE_PAGE = /^\/user\/[^/]{1,100}$/;
const browserProfile = (req: Request, path: string) =>
  (req.method === "GET" || req.method === "HEAD") && PROFILE_PAGE.test(path) && !/json/i.test(req.headers.get("accept") ?? "");
const wantsActivityJson = (req: Request) => /application\/(activity\+json|ld\+json)/.test(req.headers.get("accept") ?? "");
const tooLarge = () => Response.json({ error: "Activity too large (at most 1 MiB)" }, { status: 413 });

/** The body, read up to the limit: null when it is longer (however it is sent, with or without a Content-Length). */
async function boundedBody(req: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > INBOX_MAX_BYTES) return null;
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > INBOX_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function federationMiddleware(db: Db, config: Config): MiddlewareHandler<AppEnv> {
  const fed = federationFor(db, config);
  return async (c, next) => {
    const path = c.req.path;
    if (!FEDIFY_PATH.test(path) || browserProfile(c.req.raw, path)) return await next();
    let request = c.req.raw;
    if (request.method === "POST" && INBOX_PATH.test(path)) {
      const body = await boundedBody(request);
      if (!body) return tooLarge();
      // A blocked server's activities are refused here (issue 40 point 5), but for its Follow, answered with Reject.
      if (await refusedSender(db, request.headers) && !isFollow(body)) {
        return Response.json({ error: "This server is blocked here" }, { status: 403 });
      }
      request = new Request(request.url, { method: "POST", headers: request.headers, body });
    }
    let passOn = false;
    const response = await fed.fetch(request, {
      contextData: { db, config },
      onNotFound: async (req) => {
        // An object sent and then withdrawn answers 410 to ActivityPub clients (objects.ts).
        if (req.method === "GET" && path.startsWith("/media/")) {
          const gone = await tombstoneResponse(db, config.siteUrl, path);
          if (gone) return gone;
        }
        // An ActivityPub client asking for a member or item that is not (or no longer) one: 404, not the page.
        if (AP_PATH.test(path) && wantsActivityJson(req)) return Response.json({ error: "Not found" }, { status: 404 });
        passOn = true;
        return new Response(null, { status: 404 });
      },
      onNotAcceptable: () => {
        passOn = true;
        return new Response(null, { status: 406 });
      },
    });
    if (passOn) return await next();
    return response;
  };
}

/** FEDERATION=false: an ActivityPub client asking for a member or an item gets 404, not the page (the rest is Hono's 404 already). */
export function federationOffMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (AP_PATH.test(c.req.path) && wantsActivityJson(c.req.raw)) return c.json({ error: "Not found" }, 404);
    await next();
  };
}
