/**
 * Inbound federation bench (issue 40): `deno task bench federation_inbox [deliveries] [actors]`. Our server on 127.0.0.2
 * and a real Fedify peer on 127.0.0.3 (tests/_fedi_peer.ts) with `actors` accounts. Each account's key is fetched once
 * (a warm-up Like each: Fedify caches the keys in our key-value store), then `deliveries` Likes, signed beforehand
 * (draft-cavage, RSA, as Mastodon signs), are POSTed to the shared inbox 16 at a time. Printed: signed deliveries
 * accepted per second (each signature verified against the cached key before the 202) and the time until the job
 * queue has counted every like. The signing is done before the clock starts, so only our side is measured.
 */
import { eq, sql } from "drizzle-orm";
import { signRequest } from "@fedify/fedify/sig";
import { Like } from "@fedify/vocab";
import { createMedia, createUser } from "../tests/_helpers.ts";
import { startPeer } from "../tests/_fedi_peer.ts";
import { startFederatedServer } from "../tests/_federation.ts";
import { media } from "../db/schema/mod.ts";

const DELIVERIES = Number(Deno.args[0] ?? 1000);
const ACTORS = Number(Deno.args[1] ?? 50);
const CONCURRENCY = 16;

const server = await startFederatedServer({ LOG_LEVEL: "error" });
const names = Array.from({ length: ACTORS }, (_, i) => `bench${i}`);
const peer = await startPeer({ actors: names });
try {
  const { db, origin } = server;
  const owner = await createUser(db, { username: "bench_owner" });
  const items = Math.ceil(DELIVERIES / ACTORS) + 1;
  const ids: number[] = [];
  for (let i = 0; i < items; i++) ids.push((await createMedia(db, { userId: owner.id, title: `Bench ${i}`, categoryId: 1 })).id);
  const inbox = new URL(`${origin}/inbox`);
  const likes = async () => (await db.select({ n: sql<number>`sum(${media.likes})` }).from(media).get())?.n ?? 0;
  const waitLikes = async (n: number) => {
    while ((await likes()) < n) await new Promise((r) => setTimeout(r, 50));
  };

  let seq = 0;
  /** A signed request of `actor` liking item `mediaId`, made now and sent later. */
  const signedLike = async (actor: string, mediaId: number): Promise<Request> => {
    const like = new Like({
      id: new URL(`${peer.origin}/likes/${++seq}`),
      actor: peer.actorUri(actor),
      object: new URL(`${origin}/media/${mediaId}`),
    });
    const body = JSON.stringify(await like.toJsonLd({ format: "compact", contextLoader: peer.context.contextLoader }));
    const req = new Request(inbox, { method: "POST", headers: { "content-type": "application/activity+json" }, body });
    return await signRequest(req, peer.keys.get(actor)![0].privateKey, new URL(`${peer.actorUri(actor).href}#main-key`));
  };

  const sendAll = async (requests: Request[]): Promise<number> => {
    let next = 0;
    let accepted = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const res = await fetch(requests[next++]);
        if (res.status === 202) accepted++;
        await res.body?.cancel();
      }
    }));
    return accepted;
  };

  // Warm-up: each account's key fetched and cached, each like of the first item counted.
  await sendAll(await Promise.all(names.map((n) => signedLike(n, ids[0]))));
  await waitLikes(ACTORS);
  const requests: Request[] = [];
  for (let i = 0; i < DELIVERIES; i++) requests.push(await signedLike(names[i % ACTORS], ids[1 + Math.floor(i / ACTORS)]));
  const t0 = performance.now();
  const accepted = await sendAll(requests);
  const t1 = performance.now();
  await waitLikes(ACTORS + DELIVERIES);
  const t2 = performance.now();
  const first = await db.select({ likes: media.likes }).from(media).where(eq(media.id, ids[1])).get();
  console.log(`signed inbox deliveries: ${DELIVERIES} from ${ACTORS} accounts (keys cached), ${CONCURRENCY} at a time`);
  console.log(
    `  accepted (202, signature verified):  ${accepted} in ${(t1 - t0).toFixed(0)} ms = ${(accepted / ((t1 - t0) / 1000)).toFixed(0)}/s`,
  );
  console.log(`  until every like is counted:         ${(t2 - t0).toFixed(0)} ms = ${(DELIVERIES / ((t2 - t0) / 1000)).toFixed(0)}/s`);
  console.log(`  (item ${ids[1]} counted ${first?.likes} likes, one per account)`);
} finally {
  await peer.close();
  await server.shutdown();
}
Deno.exit(0);
