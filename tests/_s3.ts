/**
 * A real S3 protocol server on loopback for the storage tests: `s3rver` (npm) on a free port
 * with a temp directory and one bucket. It does not enforce ACLs, so privacy is tested at our URLs.
 */
import S3rver from "s3rver";
import { tempDir } from "./_helpers.ts";

export const S3_BUCKET = "dreamreel-test";

export type S3Server = { endpoint: string; dir: string; env: Record<string, string>; close(): Promise<void> };

export async function startS3(port = 0, dir = tempDir("dreamreel-s3-")): Promise<S3Server> {
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: S3_BUCKET }] });
  const { port: bound } = await server.run() as { port: number };
  const endpoint = `http://127.0.0.1:${bound}`;
  return {
    endpoint,
    dir,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "site/",
    },
    close: () => server.close(),
  };
}
