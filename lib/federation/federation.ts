/**
 * Builds the Fedify federation (issue 40, decision 041) once per process and database: its
 * key-value store on our database (kv.ts), its message queue our durable job queue (queue.ts), and
 * the dispatchers (actor.ts, inbox.ts, objects.ts, collection.ts, nodeinfo.ts). app.ts mounts it in
 * front of Hono (mount.ts); the job runners run its tasks (lib/boot/jobs.ts).
 */
import { type Context, createFederation, type Federation, type RetryPolicy } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Handlers } from "../jobs/queue.ts";
import { setupActors } from "./actor.ts";
import { setupCollections } from "./collection.ts";
import { setupInbox } from "./inbox.ts";
import { DbKvStore } from "./kv.ts";
import { setupNodeInfo } from "./nodeinfo.ts";
import { setupObjects } from "./objects.ts";
import { publishHandlers } from "./publish.ts";
import { commentHandlers } from "./outbound_comment.ts";
import { FEDIFY_TASK, fedifyTaskHandler, JobsMessageQueue } from "./queue.ts";

/** What every Fedify callback is handed: our database and settings. */
export type FedContext = { db: Db; config: Config };

/** A server that has not taken a delivery for a day is given up on (issue 40 point 7). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** Retry n waits 30 s x 2^(n-1), at most 6 hours, until a day has passed since the first try. */
export const DELIVERY_RETRY: RetryPolicy = ({ elapsedTime, attempts }) => {
  if (elapsedTime.total("millisecond") >= GIVE_UP_AFTER_MS) return null;
  return Temporal.Duration.from({ milliseconds: Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000) });
};

const built = new WeakMap<Db, Federation<FedContext>>();

/** The process's federation for this database (made on first use). */
export function federationFor(db: Db, config: Config): Federation<FedContext> {
  let fed = built.get(db);
  if (!fed) {
    fed = buildFederation(db, config);
    built.set(db, fed);
  }
  return fed;
}

export function buildFederation(db: Db, config: Config): Federation<FedContext> {
  const fed = createFederation<FedContext>({
    kv: new DbKvStore(db),
    queue: new JobsMessageQueue(db, config),
    // The job runners take the tasks; nothing listens in memory.
    manuallyStartQueue: true,
    origin: config.siteUrl,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    outboxRetryPolicy: DELIVERY_RETRY,
    inboxRetryPolicy: DELIVERY_RETRY,
    userAgent: { software: "Dreamreel", url: new URL(config.siteUrl) },
  });
  setupActors(fed);
  setupCollections(fed);
  setupObjects(fed);
  setupNodeInfo(fed);
  setupInbox(fed);
  return fed;
}

/** A context for work outside a request (the jobs). */
export const contextFor = (db: Db, config: Config): Context<FedContext> =>
  federationFor(db, config).createContext(new URL(config.siteUrl), { db, config });

/** The jobs of federation: Fedify's tasks and ours (lib/boot/jobs.ts registers them). */
export const FEDERATION_HANDLERS: Handlers = {
  [FEDIFY_TASK]: fedifyTaskHandler(federationFor),
  ...publishHandlers(contextFor),
  ...commentHandlers(contextFor),
};

// What the routes call, from here so this module is loaded first (publish.ts imports it back).
export { announceAccountDeletion, queueActorLeft } from "./publish.ts";
