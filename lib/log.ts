/**
 * One JSON line per event on stderr/stdout, so operators can grep or ship logs. A line is bounded
 * whatever it is given (issue 31 point 2): a failed statement's text carries every parameter
 * (6.8 MB a line for a member with 34,000 mutes, 27 -> 164 MB of log in 20 requests), so the
 * parameters of a statement are left out, its SQL, each text and each list are cut, and an Error
 * is written with its stack and causes (the reason a statement failed is its cause).
 */
type Fields = Record<string, unknown>;
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
let threshold: number = LEVELS.info;

/** Longest text of one value; a stack of 10 frames is ~1.5 KB. */
export const LOG_TEXT_MAX = 4096;
/** Longest SQL of a failed statement kept in a line. */
const SQL_MAX = 1000;
/** Items of a list kept in a line. */
const LIST_MAX = 50;
/** A line longer than this (many fields, deep objects) is written as one cut text. */
const LINE_MAX = 16_384;

export function setLogLevel(level: keyof typeof LEVELS) {
  threshold = LEVELS[level];
}

const cutTo = (text: string, max: number) => text.length > max ? `${text.slice(0, max)}... (${text.length - max} more characters)` : text;

/**
 * drizzle's text of a failed statement is `Failed query: <sql>\nparams: <every value>` (then the
 * stack's frames). The values are members' data and unbounded: they are left out, the SQL is cut.
 */
function withoutParams(text: string): string {
  const at = text.indexOf("\nparams: ");
  if (at === -1) return text;
  const frames = text.indexOf("\n    at ", at);
  const end = frames === -1 ? text.length : frames;
  const head = text.slice(0, at);
  const sqlAt = head.indexOf("Failed query: ");
  const sqlCut = sqlAt === -1 ? head : head.slice(0, sqlAt) + cutTo(head.slice(sqlAt), SQL_MAX);
  return `${sqlCut}\nparams: (${end - at - 9} characters left out)${text.slice(end)}`;
}

// ---- secrets (issue 42 point 5, decision 039) ----

/**
 * A URL setting as it may be shown anywhere (start-up line, error, /healthz, admin page): user,
 * password, query and fragment removed (`smtp://mailer:pw@host:587?x=1` -> `smtp://host:587`).
 * A value that does not parse as a URL keeps only what comes before any `@`-authority and `?`.
 */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    // The parser adds a "/" path to an origin: show the value as it was given, without one.
    const bare = url.pathname === "/" && !/^[^:]+:\/\/[^/?#]*\//.test(value);
    return bare ? url.href.slice(0, -1) : url.href;
  } catch {
    const query = value.search(/[?#]/);
    const head = query === -1 ? value : value.slice(0, query);
    const scheme = head.indexOf("://");
    const at = head.lastIndexOf("@");
    return scheme !== -1 && at > scheme ? head.slice(0, scheme + 3) + head.slice(at + 1) : head;
  }
}

/** The `user:password@` of a URL inside any text (bounded runs: no open repetition over the text). */
const USERINFO = /\b([a-z][a-z0-9+.-]{0,30}:\/\/)[^\s/?#@"'<>]{1,256}@/gi;
/** Secret values of this process's settings (lib/config.ts `secretValues`), never written whole. */
let secrets: string[] = [];

/** Registers the settings' secrets (passwords, keys, tokens in URLs), so no log line carries one. */
export function hideInLogs(values: readonly string[]) {
  // Longest first, so a secret that holds another is hidden whole; very short values would hide ordinary words.
  secrets = [...new Set([...secrets, ...values.filter((v) => v.length >= 4)])].sort((a, b) => b.length - a.length);
}

/** A text with every URL's user and password and every registered secret hidden (the one redaction of free text). */
export function redactText(text: string): string {
  let out = text.replace(USERINFO, "$1");
  for (const s of secrets) if (out.includes(s)) out = out.replaceAll(s, "(hidden)");
  return out;
}

/** A text as it may appear in a log line. */
export const boundedText = (text: string) => cutTo(redactText(withoutParams(text)), LOG_TEXT_MAX);

/** An error with its stack and up to three causes (V8's stack leaves `cause` out). */
export function errorText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur !== undefined && cur !== null && depth < 4; depth++) {
    const err = cur as { stack?: unknown; cause?: unknown };
    parts.push(withoutParams(String(err?.stack ?? cur)));
    cur = cur instanceof Error ? err.cause : undefined;
  }
  return cutTo(redactText(parts.join("\ncause: ")), LOG_TEXT_MAX);
}

function bound(_key: string, value: unknown): unknown {
  if (typeof value === "string") return boundedText(value);
  if (value instanceof Error) return errorText(value);
  if (Array.isArray(value) && value.length > LIST_MAX) return [...value.slice(0, LIST_MAX), `(${value.length - LIST_MAX} more)`];
  return value;
}

function write(level: keyof typeof LEVELS, msg: string, fields?: Fields) {
  if (LEVELS[level] < threshold) return;
  const t = new Date().toISOString();
  let line = JSON.stringify({ t, level, msg, ...fields }, bound);
  if (line.length > LINE_MAX) line = JSON.stringify({ t, level, msg: boundedText(msg), cut: cutTo(line, LINE_MAX / 2) });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, f?: Fields) => write("debug", msg, f),
  info: (msg: string, f?: Fields) => write("info", msg, f),
  warn: (msg: string, f?: Fields) => write("warn", msg, f),
  error: (msg: string, f?: Fields) => write("error", msg, f),
};
