/**
 * The OpenAPI 3.1 document (issue 26 §4): valid for an independent validator
 * (@apidevtools/swagger-parser), complete (every mounted /api route is described, and nothing
 * else), made from the routes' own zod schemas, and true to the answers the API really gives.
 */
import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { z } from "zod";
import * as R from "../lib/render/api_responses.ts";
import { createMedia, json, makeTestEnv, ORIGIN, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv({ SITE_NAME: "Docsite" });
const { request, db } = env;

const docRes = await request("/api/openapi.json");
const doc = await json(docRes);

/** Hono's route paths in OpenAPI's form: `:id{[^/]+}` and `:id` are `{id}`, a trailing `*` is the storage `{key}`. */
const openApiPath = (p: string) => p.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}").replace(/\/\*$/, "/{key}");

function mountedApiRoutes(): Set<string> {
  const out = new Set<string>();
  for (const r of env.app.routes) {
    if (r.method === "ALL" || !/^\/api(\/|$)/.test(r.path)) continue;
    out.add(`${r.method.toLowerCase()} ${openApiPath(r.path)}`);
  }
  return out;
}

Deno.test("[openapi] /api/openapi.json is a valid OpenAPI 3.1 document", async () => {
  assert.match(docRes.headers.get("content-type")!, /application\/json/);
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(doc.info.title, "Docsite API");
  assert.deepEqual(doc.servers, [{ url: ORIGIN }]);
  const validated = await SwaggerParser.validate(structuredClone(doc));
  assert.equal((validated as { openapi?: string }).openapi, "3.1.0");
});

Deno.test("[openapi] every mounted /api route is described, and every description is a mounted route", () => {
  const mounted = mountedApiRoutes();
  assert.ok(mounted.size > 50, `read ${mounted.size} routes`);
  const described = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(methods)) described.add(`${method} ${path}`);
  }
  const missing = [...mounted].filter((r) => !described.has(r));
  assert.deepEqual(missing, [], `routes the document does not describe (add them to lib/render/api_operations.ts)`);
  const stale = [...described].filter((r) => !mounted.has(r));
  assert.deepEqual(stale, [], "described operations that no route serves");
});

Deno.test("[openapi] operations carry their path parameters, auth and error answers", () => {
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(methods)) {
      const inPath = op.parameters.filter((p: any) => p.in === "path").map((p: any) => p.name);
      assert.deepEqual(inPath, names, `${method} ${path}`);
      assert.ok(op.summary, `${method} ${path} has a summary`);
      assert.ok(Object.keys(op.responses).some((s) => Number(s) < 400), `${method} ${path} says what it answers`);
      if (op.security) assert.ok(op.responses["401"], `${method} ${path} documents 401`);
    }
  }
  assert.equal(
    doc.paths["/api/admin/counts"].get.responses["403"].content["application/json"].schema.$ref,
    "#/components/schemas/ErrorBody",
  );
  assert.equal(doc.components.securitySchemes.session.in, "cookie");
});

Deno.test("[openapi] request schemas come from the routes' zod schemas", () => {
  const login = doc.paths["/api/login"].post.requestBody.content["application/json"].schema;
  assert.equal(login.properties.username.minLength, 3);
  assert.equal(login.properties.username.maxLength, 30);
  assert.equal(login.properties.username.pattern, "^[A-Za-z0-9_-]+$");
  assert.deepEqual(login.required.sort(), ["password", "username"]);
  const feed = doc.paths["/api/content/feed"].get.parameters.map((p: any) => p.name);
  for (const name of ["page", "sortBy", "category", "columnCount", "shuffleSeed"]) assert.ok(feed.includes(name), name);
  const sort = doc.paths["/api/content/feed"].get.parameters.find((p: any) => p.name === "sortBy");
  assert.ok(sort.schema.enum.includes("trending"));
  assert.equal(doc.paths["/api/upload/file"].post.requestBody.content["application/octet-stream"].schema.format, "binary");
});

/** The answer parses with the schema the document was made from (strict objects: no field the schema lacks). */
async function conforms(path: string, schema: z.ZodType, cookie?: string, status = 200) {
  const body = await json(await request(path, { cookie }), status);
  const result = schema.safeParse(body);
  assert.ok(result.success, `${path}: ${JSON.stringify(result.error?.issues?.slice(0, 3))}`);
}

Deno.test("[openapi] real answers match the documented answer schemas", async () => {
  const admin = await signedInMember(db, { username: "docs_admin", isAdmin: true });
  const member = await signedInMember(db, { username: "docs_member" });
  const item = await createMedia(db, { userId: member.id, title: "Documented", contentType: "image", tags: "a, b", width: 10, height: 10 });
  await createMedia(db, { userId: member.id, title: "Waiting", reviewStatus: "pending" });
  await json(await request(`/api/videos/${item.id}/comments`, { cookie: member.cookie, json: { content: "Nice" } }), 201);
  await json(await request("/api/messages/send", { cookie: member.cookie, json: { receiverId: admin.id, content: "Hi" } }), 201);
  const saved = await json(
    await request("/api/collections", { cookie: member.cookie, json: { title: "Kept", visibility: "public" } }),
    201,
  );
  assert.ok(R.Collection.safeParse(saved).success, "POST /api/collections");
  const added = await json(
    await request(`/api/collections/${saved.id}/items`, { cookie: member.cookie, json: { contentId: item.id } }),
    201,
  );
  assert.ok(R.CollectionItem.safeParse(added).success, "POST /api/collections/{id}/items");
  // Issue 32: a follow and a like, so the lists have an entry.
  await json(await request(`/api/users/${member.id}/follow`, { method: "POST", cookie: admin.cookie }));
  await json(await request(`/api/videos/${item.id}/like`, { method: "POST", cookie: admin.cookie }));
  const checks: [string, z.ZodType, string?][] = [
    ["/api/user", R.SessionUser, member.cookie],
    [`/api/videos/${item.id}`, R.ContentItem],
    [`/api/videos/${item.id}/related`, R.ContentItem.array()],
    [`/api/videos/${item.id}/comments`, R.MediaComment.array()],
    [`/api/videos/${item.id}/like`, R.LikeStatus, member.cookie],
    ["/api/categories", R.Category.array()],
    ["/api/content/feed", R.FeedResponse],
    ["/api/search?q=documented", R.ContentItem.array()],
    ["/api/user/videos", R.ContentItem.array(), member.cookie],
    [`/api/users/${member.id}/profile`, R.PublicProfile],
    [`/api/users/${member.id}/content`, R.ProfileContent],
    [`/api/users/${member.id}/profile`, R.PublicProfile, admin.cookie],
    ["/api/user/following", R.UserPage, admin.cookie],
    ["/api/user/followers", R.UserPage, member.cookie],
    ["/api/user/likes", R.LikedPage, admin.cookie],
    ["/api/content/feed?following=true", R.FeedResponse, admin.cookie],
    ["/api/forum/categories", R.ForumCategory.array()],
    ["/api/messages/conversations", R.Conversation.array(), admin.cookie],
    [`/api/messages/conversation/${member.id}`, R.ChatMessage.array(), admin.cookie],
    ["/api/messages/unread/count", R.Count, admin.cookie],
    ["/api/admin/counts", R.AdminCounts, admin.cookie],
    ["/api/admin/content/pending", R.PendingItem.array(), admin.cookie],
    ["/api/admin/content/approved", R.ApprovedPage, admin.cookie],
    ["/api/admin/users", R.AdminUser.array(), admin.cookie],
    ["/api/pages/rules", R.SiteText],
    [`/api/collections/${saved.id}`, R.CollectionPage, member.cookie],
    [`/api/users/${member.id}/collections`, R.CollectionList],
    [`/api/user/collections?contains=${item.id}`, R.CollectionList, member.cookie],
  ];
  for (const [path, schema, cookie] of checks) await conforms(path, schema, cookie);
  await conforms("/api/nope", R.ErrorBody, undefined, 404);
  await conforms("/api/admin/counts", R.ErrorBody, member.cookie, 403);
});

Deno.test("[openapi] /api/docs renders every operation on the server, with no script", async () => {
  const res = await request("/api/docs");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /text\/html/);
  const html = await res.text();
  assert.doesNotMatch(html, /<script/i);
  assert.match(html, /<h1[^>]*>Docsite API<\/h1>/);
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const op of Object.values(methods)) assert.ok(html.includes(`id="${op.operationId}"`), `${path} ${op.operationId}`);
    assert.ok(html.includes(path.replaceAll("&", "&amp;")), path);
  }
  assert.match(html, /at least 3 characters, at most 30 characters/);
  assert.match(html, /href="\/api\/openapi.json"/);
  assert.equal(res.headers.get("cache-control"), "public, max-age=300");
  // Rendered for a member (their name in the header), it is never for a shared cache.
  const member = await signedInMember(db, { username: "docs_reader" });
  const mine = await request("/api/docs", { cookie: member.cookie });
  assert.match(mine.headers.get("cache-control")!, /^private/);
  await mine.body?.cancel();
});

Deno.test({ name: "[openapi] close", fn: () => env.close(), sanitizeResources: false, sanitizeOps: false });
