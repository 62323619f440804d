/**
 * Each actor's key pairs (decision 041): RSASSA-PKCS1-v1_5 for HTTP signatures (what Mastodon
 * checks) and Ed25519 for object integrity proofs, made on first use and kept as JWK in
 * actor_keys, so every process signs with the same keys and a restart changes nothing. Two
 * processes making them at once: the unique index keeps the first, and both read it back.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { insertActorKey, listActorKeys } from "../../db/queries/federation.ts";
import { ACTOR_KEY_ALGORITHMS } from "../../db/schema/federation.ts";

export async function actorKeyPairs(db: Db, userId: number | null): Promise<CryptoKeyPair[]> {
  let rows = await listActorKeys(db, userId);
  const missing = ACTOR_KEY_ALGORITHMS.filter((a) => !rows.some((r) => r.algorithm === a));
  if (missing.length) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      await insertActorKey(db, {
        userId,
        algorithm,
        privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
        publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
      });
    }
    rows = await listActorKeys(db, userId);
  }
  const ordered = ACTOR_KEY_ALGORITHMS.map((a) => rows.find((r) => r.algorithm === a)!);
  return await Promise.all(ordered.map(async (r) => ({
    privateKey: await importJwk(JSON.parse(r.privateJwk), "private"),
    publicKey: await importJwk(JSON.parse(r.publicJwk), "public"),
  })));
}
