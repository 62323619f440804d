import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Config } from "../config.ts";

const SECRET_FILE = "secret.key";
const secrets = new Map<string, string>();

/**
 * The server's HMAC key: SIGNING_SECRET, or a random one generated on first start and kept in
 * DATA_DIR/secret.key (mode 0600) so signed links survive restarts.
 */
export function signingSecret(config: Config): string {
  if (config.signingSecret) return config.signingSecret;
  const cached = secrets.get(config.dataDir);
  if (cached) return cached;
  const path = `${config.dataDir}/${SECRET_FILE}`;
  let secret = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
  if (secret.length < 32) {
    secret = randomBytes(32).toString("base64url");
    writeFileSync(path, secret + "\n", { mode: 0o600 });
  }
  secrets.set(config.dataDir, secret);
  return secret;
}

export function hmac(config: Config, value: string): string {
  return createHmac("sha256", signingSecret(config)).update(value).digest("base64url");
}

/** Signature of a storage key valid until `expires` (unix seconds). */
export function signKey(config: Config, key: string, expires: number): string {
  return hmac(config, `s3:${key}:${expires}`);
}

export function signedKeyQuery(config: Config, key: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + config.signedUrlSeconds;
  return { expires, signature: signKey(config, key, expires) };
}

export type SignatureCheck = "ok" | "expired" | "invalid";

export function checkKeySignature(
  config: Config,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): SignatureCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || signature.length > 100) return "invalid";
  const expected = Buffer.from(signKey(config, key, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return Number(expires) * 1000 < now ? "expired" : "ok";
}

/**
 * The part of an address that identifies one visitor: an IPv4 address as is (also when written
 * IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64 prefix, since one subscriber is
 * routinely handed a whole /64 and could otherwise count as billions of visitors.
 */
export function visitorAddress(ip: string): string {
  let a = ip.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = a.match(/^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/) ?? a.match(/^::(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1];
  if (!a.includes(":")) return a;
  // An embedded IPv4 tail counts as two groups.
  a = a.replace(
    /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/,
    (_, b1, b2, b3, b4) => `${((+b1 << 8) | +b2).toString(16)}:${((+b3 << 8) | +b4).toString(16)}`,
  );
  const [head, tail] = a.split("::", 2) as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return a;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}

/** A stable, non-reversible key for a visitor without an account (views, reports, rate limits). */
export const visitorKey = (config: Config, ip: string) => `v:${hmac(config, `visitor:${visitorAddress(ip)}`).slice(0, 32)}`;
