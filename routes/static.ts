import { Hono } from "hono";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../lib/app_env.ts";
import { fileResponse } from "../lib/http/file_response.ts";
import { badRequest } from "../lib/http_error.ts";
import { CSS_COOKIE, cssVersion, manifest } from "../lib/render/assets.ts";

const STATIC_ROOT = fileURLToPath(new URL("../static/", import.meta.url));

/** /static/*: hashed build output is cached for a year, everything else for an hour. */
export const staticFiles = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  let rel: string;
  try {
    rel = decodeURIComponent(c.req.path.replace(/^\/static\//, ""));
  } catch {
    throw badRequest("Invalid path");
  }
  if (rel.split("/").some((part) => part === ".." || part.startsWith(".")) || rel.includes("\\") || rel.includes("\0")) {
    throw badRequest("Invalid path");
  }
  const immutable = rel.startsWith("build/") && rel !== "build/manifest.json";
  const res = await fileResponse(c.req.raw, STATIC_ROOT + rel, {
    cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  if (!res) return c.notFound();
  const assets = manifest();
  if (`/static/${rel}` === assets.css) {
    res.headers.append(
      "Set-Cookie",
      `${CSS_COOKIE}=${cssVersion(assets)}; Path=/; Max-Age=2592000; SameSite=Lax${c.var.config.secure ? "; Secure" : ""}`,
    );
  }
  return res;
});
