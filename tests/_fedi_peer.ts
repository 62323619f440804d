/**
 * A stand-in fediverse server for the federation tests (issue 40): a real Fedify app on its own
 * loopback address (127.0.0.3 by default, ours on 127.0.0.2), with actors and key pairs, an inbox
 * that keeps what it receives (signatures verified, as Mastodon does), and helpers to send our
 * server signed activities, and deliberately unsigned, badly signed or other-actor-signed ones.
 * Handles are resolved through WebFinger over http here: lookupObject("@a@b") would ask https.
 */
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from "@fedify/fedify";
import { signRequest } from "@fedify/fedify/sig";
import { Activity, Endpoints, Follow, Person, Undo } from "@fedify/vocab";

export type Received = { activity: Activity; json: Record<string, unknown>; inbox: string };

export type Peer = Awaited<ReturnType<typeof startPeer>>;

/** A port free on `host` now, for a server whose SITE_URL must name its port before it listens. */
export function freePort(host: string): number {
  const l = Deno.listen({ hostname: host, port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export async function startPeer(opts: { host?: string; actors?: string[] } = {}) {
  const host = opts.host ?? "127.0.0.3";
  const names = opts.actors ?? ["alice", "bob"];
  const keys = new Map<string, CryptoKeyPair[]>();
  for (const n of names) keys.set(n, [await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"), await generateCryptoKeyPair("Ed25519")]);
  const received: Received[] = [];
  // The origin names the port, known once listening: requests wait for the federation made just after.
  const made = Promise.withResolvers<Federation<void>>();
  const server = Deno.serve(
    { hostname: host, port: 0, onListen() {} },
    async (req) => (await made.promise).fetch(req, { contextData: undefined }),
  );
  const origin = `http://${host}:${server.addr.port}`;
  const fed = createFederation<void>({ kv: new MemoryKvStore(), origin, allowPrivateAddress: true });
  made.resolve(fed);
  fed.setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
    if (!keys.has(identifier)) return null;
    const pairs = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: identifier[0].toUpperCase() + identifier.slice(1),
      url: new URL(`/@${identifier}`, origin),
      inbox: ctx.getInboxUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pairs[0].cryptographicKey,
      assertionMethods: pairs.map((p) => p.multikey),
    });
  }).setKeyPairsDispatcher((_ctx, identifier) => keys.get(identifier) ?? []);
  fed.setInboxListeners("/users/{identifier}/inbox", "/inbox").on(Activity, async (ctx, activity) => {
    const json = await activity.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader }) as Record<string, unknown>;
    received.push({ activity, json, inbox: ctx.recipient ?? "shared" });
  });
  const ctx = fed.createContext(new URL(origin), undefined);

  /** Our actor's URL for `acct:name@host` through WebFinger. */
  async function resolve(handle: string): Promise<URL> {
    const [, hostPart] = handle.split("@");
    const res = await fetch(`http://${hostPart}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${handle}`)}`);
    if (!res.ok) throw new Error(`WebFinger of ${handle}: ${res.status}`);
    const jrd = await res.json() as { links: { rel: string; type?: string; href: string }[] };
    const self = jrd.links.find((l) => l.rel === "self" && l.type?.includes("activity+json"));
    if (!self) throw new Error(`no self link for ${handle}`);
    return new URL(self.href);
  }

  async function lookupActor(url: URL) {
    const actor = await ctx.lookupObject(url);
    if (!actor || !("inboxId" in actor)) throw new Error(`not an actor: ${url}`);
    return actor as Person;
  }

  /** Sends a signed activity from `from` to the actor at `to` (its inbox; `shared` its shared inbox). */
  async function send(from: string, to: URL, activity: Activity, opts: { shared?: boolean } = {}) {
    const recipient = await lookupActor(to);
    await ctx.sendActivity({ identifier: from }, recipient, activity, { preferSharedInbox: opts.shared ?? false, immediate: true });
  }

  const actorUri = (name: string) => ctx.getActorUri(name);

  function follow(from: string, target: URL, id = crypto.randomUUID()) {
    return new Follow({ id: new URL(`/follows/${id}`, origin), actor: actorUri(from), object: target });
  }

  function undo(from: string, object: Activity) {
    return new Undo({ id: new URL(`/undos/${crypto.randomUUID()}`, origin), actor: actorUri(from), object });
  }

  /**
   * POSTs an activity's JSON to `inbox` as `how` says: `unsigned`, `tampered` (signed, then the body
   * changed), `otherKey` (signed with `signer`'s key while claiming `from`), or `signed` properly.
   */
  async function postRaw(
    inbox: URL,
    activity: Activity,
    how: "unsigned" | "tampered" | "otherKey" | "signed",
    signer = "bob",
    spec: "draft-cavage-http-signatures-12" | "rfc9421" = "draft-cavage-http-signatures-12",
  ): Promise<Response> {
    const json = await activity.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader }) as Record<string, unknown>;
    const body = JSON.stringify(json);
    const from = activity.actorId!.pathname.split("/").pop()!;
    const make = (b: string) =>
      new Request(inbox, {
        method: "POST",
        headers: { "content-type": "application/activity+json", accept: "application/activity+json" },
        body: b,
      });
    if (how === "unsigned") return await fetch(make(body));
    const name = how === "otherKey" ? signer : from;
    const pair = keys.get(name)![0];
    const keyId = new URL(`${actorUri(name).href}#main-key`);
    const signed = await signRequest(make(body), pair.privateKey, keyId, { spec });
    if (how === "tampered") {
      const changed = JSON.stringify({ ...json, id: `${json.id}-changed` });
      return await fetch(new Request(inbox, { method: "POST", headers: signed.headers, body: changed }));
    }
    return await fetch(signed);
  }

  /** Waits for an activity the predicate accepts. */
  async function waitFor(pred: (r: Received) => boolean, ms = 60_000, what = "an activity"): Promise<Received> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const hit = received.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the peer did not receive ${what} in ${ms} ms (got ${received.map((r) => r.json.type).join(", ") || "nothing"})`);
  }

  return {
    origin,
    host: `${host}:${server.addr.port}`,
    federation: fed,
    context: ctx,
    received,
    actorUri,
    keys,
    resolve,
    lookupActor,
    send,
    follow,
    undo,
    postRaw,
    waitFor,
    close: () => server.shutdown(),
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
