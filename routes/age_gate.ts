import { Hono } from "hono";
import { localNext, rememberAge } from "../lib/render/age_gate.ts";
import type { AppEnv } from "../lib/app_env.ts";
import { HttpError } from "../lib/http_error.ts";

/** The form carries one short field: anything bigger is not our form. */
const MAX_BODY = 4096;

async function boundedText(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY) throw new HttpError(413, "Request body too large");
  if (!req.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY) throw new HttpError(413, "Request body too large");
    chunks.push(chunk);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

/**
 * `POST /age-gate`: the gate's "yes". The CSRF middleware has already refused a cross-origin post
 * (403). Sets the age cookie for a year and answers 303 to `next` when it is a local path, else `/`.
 */
export const ageGateRoutes = new Hono<AppEnv>().post("/age-gate", async (c) => {
  const type = c.req.header("content-type") ?? "";
  if (type && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new HttpError(415, "Content-Type must be application/x-www-form-urlencoded");
  }
  const next = localNext(new URLSearchParams(await boundedText(c.req.raw)).get("next"));
  rememberAge(c);
  c.header("Cache-Control", "no-store");
  return c.redirect(next, 303);
});
