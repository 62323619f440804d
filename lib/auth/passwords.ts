import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1); runs off the event loop (~16 ms).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A fixed hash to verify against when the user does not exist, so both paths cost the same. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await (dummy ??= hashPassword("not-a-real-password")), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
