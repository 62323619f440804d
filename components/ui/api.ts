import type { ApiErrorBody } from "../../common/api_types.ts";

/** The browser side of the spec's `/api/*` calls: cookies sent, JSON in and out. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ApiErrorBody> | null, fallback: string) {
    super(body?.error ?? fallback);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "include",
    headers: { Accept: "application/json", ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(res.status, body as Partial<ApiErrorBody> | null, `${res.status}: ${text || res.statusText}`);
  return body as T;
}
