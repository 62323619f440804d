/**
 * Builds the Fedify federation (issue 40, decision 041): its key-value store on our database.
 * The dispatchers (actor.ts, inbox.ts, objects.ts, collection.ts, nodeinfo.ts) are set on it here,
 * once per process, and app.ts mounts it in front of Hono.
 */
import { createFederation, type Federation } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import { DbKvStore } from "./kv.ts";

/** What every Fedify callback is handed: our database and settings. */
export type FedContext = { db: Db; config: Config };

export function buildFederation(db: Db, config: Config): Federation<FedContext> {
  return createFederation<FedContext>({
    kv: new DbKvStore(db),
    origin: config.siteUrl,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    manuallyStartQueue: true,
  });
}
