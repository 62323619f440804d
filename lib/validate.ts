import type { Context } from "hono";
import type { z } from "zod";
import { parseId } from "../common/ids.ts";
import { HttpError } from "./http_error.ts";
import type { AppEnv } from "./app_env.ts";
import { readBodyCapped } from "./body.ts";
import { normalizeStrings, TooDeepError } from "../common/text.ts";

/** Both full zod and `zod/mini` schemas (the ones in common/ that also ship to the browser). */
type Schema = z.core.$ZodType;

/**
 * zod's own wording, which a schema replaces with the spec's message where the spec gives one:
 * full zod says "Too big: ...", zod/mini (no locale loaded) just "Invalid input".
 */
const isGeneric = (message: string) => /^(Invalid input|Too big|Too small|Invalid option)/.test(message);

/** One readable sentence for the first problem zod found. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.join(".") : "body";
  if (issue.code === "invalid_type") {
    return issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
  }
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  if (!isGeneric(issue.message)) return issue.message;
  if (issue.code === "too_big") return `${field} is too long (at most ${issue.maximum})`;
  if (issue.code === "too_small") return `${field} is too short (at least ${issue.minimum})`;
  if (issue.code === "invalid_value") return `${field} must be one of: ${issue.values.join(", ")}`;
  return issue.message;
}

/** A row id from a path or body (common/ids.ts): malformed is a 400 naming `name`; whether it exists is the caller's 404. */
export function idOr400(raw: unknown, name = "id"): number {
  const id = parseId(raw);
  if (id === null) throw new HttpError(400, `Invalid ${name}`);
  return id;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/**
 * Validates a request's input. Every string in it is normalised first (common/text.ts: NFC, no
 * C0 controls but newline and tab, no bidi overrides), so no rule sees a NUL that would cut the
 * stored text or make a blank value look filled (quality bar 18).
 */
export function parseOr400<S extends Schema>(schema: S, value: unknown): z.output<S> {
  let normalized: unknown;
  try {
    normalized = normalizeStrings(value);
  } catch (e) {
    if (e instanceof TooDeepError) throw new HttpError(400, e.message);
    throw e;
  }
  const result = (schema as unknown as z.ZodType<z.output<S>>).safeParse(normalized, { reportInput: true });
  if (!result.success) throw new HttpError(400, describeIssue(result.error.issues[0]));
  return result.data;
}

/**
 * JSON request bodies only (415 otherwise), at most MAX_JSON_KB (413, before reading when the
 * length is declared; `maxBytes` raises it for the one payload that carries an image), parsed
 * (400 when malformed), then validated.
 */
export async function jsonBody<S extends Schema>(c: Context<AppEnv>, schema: S, opts: { maxBytes?: number } = {}): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Content-Type must be application/json");
  const { maxJsonBytes, idleTimeoutMs } = c.var.config.body;
  const raw = await readBodyCapped(c.req.raw, opts.maxBytes ?? maxJsonBytes, idleTimeoutMs);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
  return parseOr400(schema, value);
}

/** The query parameters (first value of each), normalised like every other input. */
export function queryParams(c: Context): Record<string, string> {
  return normalizeStrings(c.req.query()) as Record<string, string>;
}

export function queryOr400<S extends Schema>(c: Context, schema: S): z.output<S> {
  return parseOr400(schema, c.req.query());
}
