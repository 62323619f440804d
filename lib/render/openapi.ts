/**
 * The OpenAPI 3.1 document of every `/api` endpoint, made from the zod schemas the routes validate
 * with (zod 4's JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is) and the answer
 * schemas of lib/render/api_responses.ts. The operations are listed in lib/render/api_operations.ts;
 * tests/openapi_test.ts fails when a route is mounted that the list does not describe.
 */
import { z } from "zod";
import { type ResponseName, RESPONSES } from "./api_responses.ts";
import { API_OPERATIONS, type Operation } from "./api_operations.ts";
import { POST_KINDS } from "../../common/moderation.ts";

type Json = Record<string, unknown>;

const REASONS: Record<number, string> = {
  400: "Invalid input (the message names the field)",
  401: "Not signed in",
  403: "Not allowed (another member's thing, not an admin, or a cross-site request)",
  404: "Not found, or not visible to you",
  409: "Conflicts with the current state",
  410: "Gone: the upload was spent by a create that failed (upload the file again)",
  413: "The body is too large",
  415: "The body is not application/json",
  422: "The file could not be read as the media it claims to be, or a limit is reached",
  429: "Too many requests; Retry-After says when to try again",
};

/** A schema as JSON Schema; what JSON Schema cannot say (transforms, custom checks) is left open. */
function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  return rest;
}

const ref = (name: ResponseName) => ({ $ref: `#/components/schemas/${name}` });

function parameters(op: Operation): Json[] {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: /^(id|userId|commentId|contentId|reportId)$/.test(name)
      ? { type: "integer", minimum: 1 }
      : name === "kind"
      ? { type: "string", enum: [...POST_KINDS] }
      : { type: "string" },
  }));
  if (!op.query) return path;
  const q = jsonSchema(op.query, "input") as { properties?: Record<string, Json>; required?: string[] };
  const query = Object.entries(q.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: q.required?.includes(name) ?? false,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    schema,
  }));
  return [...path, ...query];
}

function errorStatuses(op: Operation): number[] {
  const s = new Set(op.errors ?? []);
  if (op.query || op.body || op.path.includes("{")) s.add(400);
  if (op.auth) s.add(401);
  if (op.auth === "admin") s.add(403);
  if (op.path.includes("{")) s.add(404);
  if (op.body) [413, 415].forEach((n) => s.add(n));
  if (op.method !== "get" && op.method !== "head") s.add(403);
  return [...s].sort();
}

function operation(op: Operation): Json {
  const ok = op.ok;
  const okContent = ok.content
    ? { [ok.content]: { schema: { type: "string", ...(ok.content.startsWith("text/") ? {} : { format: "binary" }) } } }
    : ok.schema
    ? { "application/json": { schema: ok.array ? { type: "array", items: ref(ok.schema) } : ref(ok.schema) } }
    : undefined;
  const responses: Json = {
    [String(ok.status ?? 200)]: {
      description: ok.description ?? "OK",
      ...(okContent && op.method !== "head" ? { content: okContent } : {}),
    },
  };
  for (const status of errorStatuses(op)) {
    responses[String(status)] = { description: REASONS[status] ?? "Error", content: { "application/json": { schema: ref("ErrorBody") } } };
  }
  const body = op.body
    ? { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } }
    : op.upload
    ? { required: true, content: { [op.upload]: { schema: { type: "string", format: "binary" } } } }
    : undefined;
  return {
    operationId: `${op.method}${op.path.replace(/[{}]/g, "").split(/[/-]/).map((w) => w && w[0].toUpperCase() + w.slice(1)).join("")}`,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.auth ? { security: [{ session: [] }] } : {}),
    parameters: parameters(op),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The whole document for a site (servers and the session cookie's name depend on it). */
export function openApiDocument(site: { siteUrl: string; siteName: string; secure: boolean }): Json {
  const paths: Record<string, Json> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(RESPONSES)) schemas[name] = jsonSchema(schema, "output");
  return {
    openapi: "3.1.0",
    info: {
      title: `${site.siteName} API`,
      version: "1.0.0",
      description:
        "The JSON API the site's own pages use. Writes need a request from the site's origin (Origin or Sec-Fetch-Site) and, where marked, a signed-in session.",
    },
    servers: [{ url: site.siteUrl }],
    tags: [...new Set(API_OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: site.secure ? "__Host-dr_session" : "dr_session" } },
    },
  };
}

const documents = new WeakMap<object, { doc: Json; text: string }>();

/** The document of a running site, made once per config (it depends on nothing else), and its JSON text. */
export function siteApiDocument(config: { siteUrl: string; siteName: string; secure: boolean }) {
  let kept = documents.get(config);
  if (!kept) {
    const doc = openApiDocument(config);
    kept = { doc, text: JSON.stringify(doc) };
    documents.set(config, kept);
  }
  return kept;
}
