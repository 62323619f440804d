/** Our server for the federation tests: real HTTP on 127.0.0.2 with its own port in SITE_URL, jobs running, private addresses allowed. */
import { startServer } from "./_helpers.ts";
import { freePort } from "./_fedi_peer.ts";

export const OUR_HOST = "127.0.0.2";

export async function startFederatedServer(overrides: Record<string, string> = {}) {
  const port = freePort(OUR_HOST);
  const server = await startServer({
    HOST: OUR_HOST,
    PORT: String(port),
    SITE_URL: `http://${OUR_HOST}:${port}`,
    JOBS_IN_WEB: "true",
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true",
    ...overrides,
  });
  return { ...server, origin: `http://${OUR_HOST}:${port}`, handleHost: `${OUR_HOST}:${port}` };
}

export const AP = { accept: "application/activity+json" };
