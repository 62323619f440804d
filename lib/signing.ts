import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Config } from "./config.ts";

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

/** A stable, non-reversible key for a visitor without an account (views, reports, rate limits). */
export const visitorKey = (config: Config, ip: string) => `v:${hmac(config, `visitor:${ip}`).slice(0, 32)}`;
