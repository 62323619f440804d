/**
 * "Follow from your server" (issue 40 point 2): a fediverse user types their own address, and we ask their server's
 * WebFinger for its subscribe template (rel `http://ostatus.org/schema/1.0/subscribe`, Mastodon's
 * `/authorize_interaction?uri={uri}`), so they land on their server's follow page for our member. The lookup is ours, not
 * the browser's (it cannot read another origin's WebFinger), so it is guarded as every remote fetch is (quality bar 27): no
 * loopback, private or link-local address unless FEDERATION_ALLOW_PRIVATE_ADDRESSES, a timeout, a size cap, no redirects.
 */
import { UrlError, validatePublicUrl } from "@fedify/fedify/runtime";

export const SUBSCRIBE_REL = "http://ostatus.org/schema/1.0/subscribe";
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;

export type LookupFailure = "unreachable" | "no-template";

/** Reads at most `max` bytes of a response, or null when it is longer. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

async function fetchJrd(url: string, allowPrivate: boolean): Promise<unknown | LookupFailure> {
  if (!allowPrivate) {
    try {
      await validatePublicUrl(url);
    } catch (e) {
      if (e instanceof UrlError) return "unreachable";
      throw e;
    }
  }
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: "application/jrd+json, application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return "unreachable";
  }
  if (!res.ok) {
    await res.body?.cancel();
    return "unreachable";
  }
  try {
    const text = await readCapped(res, MAX_BYTES);
    return text === null ? "unreachable" : JSON.parse(text);
  } catch {
    return "unreachable";
  }
}

/** The subscribe template's address for this account, with `{uri}` filled by `uri` (our member's actor), or why not. */
export async function remoteFollowUrl(
  account: { name: string; host: string },
  uri: string,
  opts: { allowPrivate: boolean },
): Promise<{ url: string } | { error: LookupFailure }> {
  const resource = encodeURIComponent(`acct:${account.name}@${account.host}`);
  let jrd = await fetchJrd(`https://${account.host}/.well-known/webfinger?resource=${resource}`, opts.allowPrivate);
  // Only where private addresses are allowed (tests, a LAN): a server without TLS on loopback answers over http.
  if (jrd === "unreachable" && opts.allowPrivate) {
    jrd = await fetchJrd(`http://${account.host}/.well-known/webfinger?resource=${resource}`, true);
  }
  if (typeof jrd === "string") return { error: jrd as LookupFailure };
  const links = (jrd as { links?: unknown })?.links;
  if (!Array.isArray(links)) return { error: "no-template" };
  for (const link of links.slice(0, 50)) {
    const { rel, template } = (link ?? {}) as { rel?: unknown; template?: unknown };
    if (rel !== SUBSCRIBE_REL || typeof template !== "string" || template.length > 2000 || !template.includes("{uri}")) continue;
    let url: URL;
    try {
      url = new URL(template.replaceAll("{uri}", encodeURIComponent(uri)));
    } catch {
      continue;
    }
    // Only a web page: never `javascript:` or `data:` from a hostile server.
    if (url.protocol === "https:" || url.protocol === "http:") return { url: url.href };
  }
  return { error: "no-template" };
}
