/**
 * Issue 40's inbound half (decision 042): the limits and words of server blocks, remote actors'
 * comments and the "Follow from your server" field. Pure: no imports.
 */

/** A blocked server's reason, and how many servers may be blocked. */
export const FEDERATION_LIMITS = { reason: 500, blocks: 5000, domain: 253, account: 320 } as const;

export const FEDERATION_MSG = {
  domainInvalid: "Enter a server's domain name, like mastodon.example",
  alreadyBlocked: "That server is already blocked",
  blocksFull: `At most ${FEDERATION_LIMITS.blocks} servers can be blocked`,
  blockNotFound: "That server is not blocked",
  actorNotFound: "Remote account not found",
  alreadyBanned: "That account is already banned",
  notBanned: "That account is not banned",
  accountInvalid: "Enter your fediverse address, like name@mastodon.example",
  noFollowPage: "Your server did not say where its follow page is",
  serverUnreachable: "Your server could not be reached",
  memberNotFound: "Member not found",
} as const;

/**
 * A domain as typed (`Mastodon.Example`, `https://mastodon.example/`, `host:port`) as the hostname
 * blocks are kept by, or null when it is none. Labels of letters, digits and hyphens, at least one
 * dot or an IPv4 address: checked character by character, never by a regex with repetition.
 */
export function normalizeDomain(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s || s.length > FEDERATION_LIMITS.domain + 20) return null;
  const scheme = s.indexOf("://");
  if (scheme >= 0) s = s.slice(scheme + 3);
  const cut = [s.indexOf("/"), s.indexOf(":"), s.indexOf("?")].filter((i) => i >= 0);
  if (cut.length) s = s.slice(0, Math.min(...cut));
  if (s.endsWith(".")) s = s.slice(0, -1);
  if (!s || s.length > FEDERATION_LIMITS.domain) return null;
  const labels = s.split(".");
  if (labels.length < 2) return null;
  for (const label of labels) {
    if (!label || label.length > 63 || label.startsWith("-") || label.endsWith("-")) return null;
    for (const ch of label) if (!((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9") || ch === "-")) return null;
  }
  return s;
}

/** The hostname and each parent domain of it (a block of `example.com` covers `a.example.com`), at most 10. */
export function domainAndParents(host: string): string[] {
  const h = host.toLowerCase();
  const labels = h.split(".");
  const out: string[] = [];
  // An IPv4 address has no parents worth blocking by.
  if (labels.length === 4 && labels.every((l) => l !== "" && [...l].every((ch) => ch >= "0" && ch <= "9"))) return [h];
  for (let i = 0; i < labels.length - 1 && out.length < 10; i++) out.push(labels.slice(i).join("."));
  return out.length ? out : [h];
}

/**
 * A fediverse address as typed in "Follow from your server" (`@name@host`, `name@host`), split, or
 * null. The host may carry a port (`host:8080`).
 */
export function parseAccount(input: string): { name: string; host: string } | null {
  let s = input.trim();
  if (s.startsWith("@")) s = s.slice(1);
  if (!s || s.length > FEDERATION_LIMITS.account) return null;
  const at = s.indexOf("@");
  if (at <= 0 || at !== s.lastIndexOf("@")) return null;
  const name = s.slice(0, at);
  const host = s.slice(at + 1).toLowerCase();
  const hostname = host.split(":")[0];
  if (!normalizeDomain(hostname) || normalizeDomain(hostname) !== hostname) return null;
  const port = host.slice(hostname.length);
  if (port && !(port.length <= 6 && [...port.slice(1)].every((ch) => ch >= "0" && ch <= "9") && port.length > 1)) return null;
  for (const ch of name) if (ch <= " " || ch === "/" || ch === "?" || ch === "#") return null;
  return { name, host };
}
