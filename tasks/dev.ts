/**
 * Development server: `deno run --watch` restarts it when server code changes (islands included,
 * since pages import them), and this watcher rebuilds CSS and island bundles when sources change
 * without a restart (Tailwind classes in a component, the stylesheet).
 */
import { buildAssets } from "./build.ts";
import { forgetManifest } from "../lib/render/assets.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { loadConfig } from "../lib/config.ts";
import { serve } from "../server.ts";

const config = loadConfig();
await buildAssets();
const db = await prepareData(config);
serve(config, db);

let timer: ReturnType<typeof setTimeout> | undefined;
for await (const event of Deno.watchFs(["components", "islands", "routes"], { recursive: true })) {
  if (!event.paths.some((p) => /\.(tsx?|css)$/.test(p))) continue;
  clearTimeout(timer);
  timer = setTimeout(async () => {
    try {
      await buildAssets();
      forgetManifest();
    } catch (e) {
      console.error(e);
    }
  }, 50);
}
