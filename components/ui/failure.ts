import { ApiError } from "./api.ts";

/** The server's `error`, or the fallback when the call failed without one (spec part 2 §8 "Profile"). */
export function failureText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.body?.error) return e.body.error;
  if (e instanceof TypeError) return "Failed to connect to the server. Please try again later.";
  return fallback;
}

/** The first message per field of a failed zod parse. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
