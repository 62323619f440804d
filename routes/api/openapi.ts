import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { siteApiDocument } from "../../lib/render/openapi.ts";

/** `GET /api/openapi.json`: the OpenAPI 3.1 description of every /api endpoint (lib/render/openapi.ts). */
export const openApiRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  c.header("Access-Control-Allow-Origin", "*");
  return c.body(siteApiDocument(c.var.config).text, 200, { "Content-Type": "application/json; charset=utf-8" });
});
