/**
 * The legal and help texts and the Create dialog's tool list, each either built in or replaced by
 * the operator's own file in `$DATA_DIR/pages/`: `{name}.md` (Markdown) or `tools.json`.
 *
 * Cached per process: a text is rendered on first use; after that the operator's file is looked
 * at (one `stat`) at most every CHECK_MS, and read again only when its modification time changed.
 * An edit therefore shows within seconds, without a restart, and a page render costs no file I/O.
 */
import { statSync } from "node:fs";
import { z } from "zod";
import { AI_TOOLS, type AiTools, FEATURED_TOOL } from "../../common/ai_tools.ts";
import { type LegalContext, SITE_TEXTS, type SiteText, type SiteTextName } from "../../common/legal/mod.ts";

export type { SiteText };
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { renderMarkdown } from "./markdown.ts";
import { settingsStamp } from "../settings/site_settings.ts";

const CHECK_MS = 2000;
/** An operator file larger than this is a mistake, not a page: it is ignored (and logged). */
const MAX_FILE_BYTES = 512 * 1024;

export const legalContext = (config: Config): LegalContext => ({
  siteName: config.siteName,
  siteUrl: config.siteUrl,
  operatorName: config.operatorName,
  operatorAddress: config.operatorAddress,
  supportEmail: config.supportEmail,
  copyrightEmail: config.copyrightEmail,
  governingLaw: config.governingLaw,
  maxVideoMb: Math.round(config.limits.videoBytes / 1048576),
  maxImageMb: Math.round(config.limits.imageBytes / 1048576),
});

/** `stamp`: the site settings the built-in text was made with (its operator, law and addresses, issue 41). */
type Slot<T> = { checkedAt: number; mtime: number | null; stamp: number; value: T };

/** One cache per config (tests run several sites, each with its own DATA_DIR, in one process). */
const caches = new WeakMap<Config, Map<string, Slot<unknown>>>();

/**
 * The cached value for an operator file: `load(text)` when the file exists and is usable, else
 * `fallback()`. Both run only when the file's modification time changed.
 */
function cachedFile<T>(config: Config, file: string, load: (text: string) => T | null, fallback: () => T): T {
  let cache = caches.get(config);
  if (!cache) caches.set(config, cache = new Map());
  const slot = cache.get(file) as Slot<T> | undefined;
  const now = Date.now();
  const stamp = settingsStamp(config);
  if (slot && slot.stamp === stamp && now - slot.checkedAt < CHECK_MS) return slot.value;
  const path = `${config.dataDir}/pages/${file}`;
  let mtime: number | null = null;
  let size = 0;
  try {
    const st = statSync(path);
    if (st.isFile()) [mtime, size] = [st.mtime?.getTime() ?? 0, st.size];
  } catch { /* no operator file: the built-in text */ }
  if (slot && slot.mtime === mtime && slot.stamp === stamp) {
    slot.checkedAt = now;
    return slot.value;
  }
  let value: T | null = null;
  if (mtime !== null) {
    try {
      if (size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES} bytes`);
      value = load(Deno.readTextFileSync(path));
    } catch (err) {
      log.warn("operator page file ignored", { file: path, error: String(err) });
    }
  }
  const result = value ?? fallback();
  cache.set(file, { checkedAt: now, mtime, stamp, value: result });
  return result;
}

/** A legal or help text: the operator's `pages/{name}.md` when there is one, else the built-in text. */
export function siteText(config: Config, name: SiteTextName): SiteText {
  const builtIn = SITE_TEXTS[name](legalContext(config));
  return cachedFile<SiteText>(
    config,
    `${name}.md`,
    (source) => ({ name, title: builtIn.title, description: builtIn.description, ...renderMarkdown(source), custom: true }),
    () => ({
      name,
      title: builtIn.title,
      description: builtIn.description,
      dateLine: builtIn.dateLine,
      ...renderMarkdown(builtIn.body),
      custom: false,
    }),
  );
}

const toolSchema = z.object({
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(200),
  url: z.url({ protocol: /^https?$/ }),
});

/** `$DATA_DIR/pages/tools.json`: `{ "featured": {name, description, url}, "tools": [ ...up to 12 ] }`. */
export const toolsFileSchema: z.ZodType<AiTools> = z.object({ featured: toolSchema, tools: z.array(toolSchema).min(1).max(12) });

/** The Create dialog's list (spec part 1 §1: one featured and twelve tools), or the operator's `tools.json`. */
export function aiTools(config: Config): AiTools {
  return cachedFile<AiTools>(
    config,
    "tools.json",
    (text) => {
      const parsed = toolsFileSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      throw new Error(`${issue.path.join(".") || "file"}: ${issue.message}`);
    },
    () => ({ featured: FEATURED_TOOL, tools: AI_TOOLS }),
  );
}
