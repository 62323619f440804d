/**
 * moto (`moto_server`, Python) on loopback: an S3 stricter than s3rver, and the one Litestream
 * restores from (s3rver's listing drops nested prefixes). It is not an npm package: it comes with
 * the machine's Python (`moto_server` on the PATH, or `python3 -m moto.server`; MOTO_SERVER names
 * another command). Without it, the tests that need it are skipped, saying so in one line
 * (tests/_needs.ts); `.ci/run` makes sure CI has it.
 */
import { existsSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import type { S3Server } from "./_s3.ts";

export const MOTO_BUCKET = "dreamreel-test";
const KEY = "moto-key";
const SECRET = "moto-secret";

const onPath = (name: string) => (Deno.env.get("PATH") ?? "").split(":").map((dir) => `${dir}/${name}`).find((p) => existsSync(p)) ?? null;

function pythonHasMoto(): boolean {
  try {
    const check = new Deno.Command("python3", { args: ["-c", "import moto.server"], stdout: "null", stderr: "null" });
    return check.outputSync().success;
  } catch {
    return false;
  }
}

let command: string[] | null | undefined;
/** The command that starts moto's server here (MOTO_SERVER, `moto_server` on the PATH, `python3 -m moto.server`), or null. */
export function motoCommand(): string[] | null {
  if (command !== undefined) return command;
  const given = Deno.env.get("MOTO_SERVER");
  const bin = onPath("moto_server");
  return command = given ? given.split(" ") : bin ? [bin] : pythonHasMoto() ? ["python3", "-m", "moto.server"] : null;
}

export const motoClient = () =>
  new AwsClient({ accessKeyId: KEY, secretAccessKey: SECRET, service: "s3", region: "us-east-1", retries: 0 });

/** moto on a free loopback port with one bucket (more with `buckets`); `close` stops it. */
export async function startMoto(buckets: string[] = [MOTO_BUCKET]): Promise<S3Server & { pid: number }> {
  const cmd = motoCommand();
  if (!cmd) throw new Error("moto is not installed");
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = probe.addr.port;
  probe.close();
  const child = new Deno.Command(cmd[0], {
    args: [...cmd.slice(1), "-H", "127.0.0.1", "-p", String(port)],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = motoClient();
  // moto imports for a few seconds before it listens (longer on a loaded machine).
  for (let waited = 0;; waited += 100) {
    try {
      const res = await fetch(`${endpoint}/moto-api/`);
      await res.body?.cancel();
      break;
    } catch {
      if (waited > 60_000) throw new Error(`moto did not listen on ${endpoint} within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (const bucket of buckets) {
    const res = await client.fetch(`${endpoint}/${bucket}`, { method: "PUT" });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`moto: create bucket ${bucket}: ${res.status}`);
  }
  return {
    pid: child.pid,
    endpoint,
    dir: "",
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: MOTO_BUCKET,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "site/",
    },
    close: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
    },
  };
}
