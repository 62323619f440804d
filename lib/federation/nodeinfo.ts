/** NodeInfo 2.1 (issue 40 point 1): what software this is and how big, for fediverse directories. */
import type { Federation } from "@fedify/fedify";
import { countLocalUsage } from "../../db/queries/federation.ts";
import type { FedContext } from "./federation.ts";

/** The release named in NodeInfo (a semver, as the schema asks). */
export const SOFTWARE_VERSION = "1.0.0";

export function setupNodeInfo(fed: Federation<FedContext>) {
  fed.setNodeInfoDispatcher("/nodeinfo/2.1", async (ctx) => {
    const usage = await countLocalUsage(ctx.data.db);
    return {
      software: {
        name: "dreamreel",
        version: SOFTWARE_VERSION,
        homepage: new URL(ctx.data.config.siteUrl),
      },
      protocols: ["activitypub"],
      // Anyone of age may sign up: there is no invitation or approval step.
      openRegistrations: true,
      usage: { users: { total: usage.users }, localPosts: usage.posts, localComments: 0 },
      metadata: { nodeName: ctx.data.config.siteName },
    };
  });
}
