/**
 * The one builder of OpenAPI operations, shared by lib/render/api_operations.ts and the files it spreads in
 * (api_members.ts, api_site_admin.ts, api_comments.ts): `operation(tag, defaults)` makes a function of
 * method, path, summary, answer and extras. Kept apart so those files import it without a cycle.
 */
import type { Operation } from "./api_operations.ts";
import type { ResponseName } from "./api_responses.ts";

export type Extra = Omit<Operation, "method" | "path" | "tag" | "summary" | "ok">;

export const operation =
  (tag: string, defaults: Extra = {}) =>
  (method: Operation["method"], path: string, summary: string, ok: Operation["ok"], extra: Extra = {}): Operation => ({
    method,
    path,
    tag,
    summary,
    ok,
    ...defaults,
    ...extra,
  });

export const json = (schema: ResponseName, status?: 200 | 201): Operation["ok"] => status ? { schema, status } : { schema };
export const list = (schema: ResponseName): Operation["ok"] => ({ schema, array: true });
