/**
 * Where a visitor goes back to after signing in (issue 27 point 4): the page that sent them to
 * /auth, carried as `?next=` and kept in a hidden field through the forms and in a cookie
 * through the Google and Facebook round trip. Only a path of this site is ever followed:
 * anything that could name another host (`//evil.com`, `/\evil.com`, `https://evil.com`, a
 * control character browsers strip, `/.//evil.com` once its dot segment resolves) reads as no
 * path at all, so it is never an open redirect. The age gate's `next` goes through the same check.
 * Pure: the server and the islands both use it.
 */

export const NEXT_PARAM = "next";
const NEXT_MAX = 1000;
const BASE = "http://site.invalid";
/** One slash, then anything but a second slash or a backslash (browsers read both as the start of a host). */
const ONE_SLASH = /^\/(?![/\\])/;

/**
 * The same-site path (with its query and fragment) `raw` names once resolved, or null. Both the
 * raw text and the resolved path are checked: dot segments resolve (`/./`, `/..`, `/%2e`, `/a/../..`),
 * so `/.//evil.example` resolves to `//evil.example`, which a browser reads as another host (issue 31
 * point 3); checking the answer is what makes it safe. Whitespace and controls are refused
 * outright (browsers drop a tab or a newline, so `/\t/host` would become `//host`).
 */
export function sameSitePath(raw: unknown, max = NEXT_MAX): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > max) return null;
  // deno-lint-ignore no-control-regex -- control characters are exactly what must be refused
  if (!ONE_SLASH.test(raw) || /[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === BASE && ONE_SLASH.test(path) ? path : null;
}

/** Where to return after signing in: a same-site path, never /auth itself. */
export function safeNext(raw: unknown): string | null {
  const path = sameSitePath(raw);
  if (path === null) return null;
  const pathname = new URL(path, BASE).pathname;
  return pathname === "/auth" || pathname.startsWith("/auth/") ? null : path;
}

/** The sign-in page (or its Register tab) that returns to `next` when it is a same-site path. */
export function authHref(next?: string | null, tab?: "register"): string {
  const params = new URLSearchParams();
  if (tab) params.set("tab", tab);
  const path = safeNext(next);
  if (path && path !== "/") params.set(NEXT_PARAM, path);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** In the browser: the sign-in page that returns here. */
export const authHrefHere = (tab?: "register") => authHref(location.pathname + location.search + location.hash, tab);
