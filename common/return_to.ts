/**
 * Where a visitor goes back to after signing in (issue 27 point 4): the page that sent them to
 * /auth, carried as `?next=` and kept in a hidden field through the forms and in a cookie
 * through the Google and Facebook round trip. Only a path of this site is ever followed:
 * anything that could name another host (`//evil.com`, `/\evil.com`, `https://evil.com`, a
 * control character browsers strip) reads as no path at all, so it is never an open redirect.
 * Pure: the server and the islands both use it.
 */

export const NEXT_PARAM = "next";
const NEXT_MAX = 1000;
const BASE = "http://site.invalid";

/** The same-site path (with its query and fragment) `raw` names, or null. /auth itself is no place to return to. */
export function safeNext(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > NEXT_MAX) return null;
  // A second slash or a backslash after the first makes a browser read a host; controls are dropped by URL parsers.
  // deno-lint-ignore no-control-regex
  if (raw[0] !== "/" || raw[1] === "/" || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return null;
  return url.pathname + url.search + url.hash;
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
