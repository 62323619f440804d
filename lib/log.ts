/** One JSON line per event on stderr/stdout, so operators can grep or ship logs. */
type Fields = Record<string, unknown>;
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
let threshold: number = LEVELS.info;

export function setLogLevel(level: keyof typeof LEVELS) {
  threshold = LEVELS[level];
}

function write(level: keyof typeof LEVELS, msg: string, fields?: Fields) {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, f?: Fields) => write("debug", msg, f),
  info: (msg: string, f?: Fields) => write("info", msg, f),
  warn: (msg: string, f?: Fields) => write("warn", msg, f),
  error: (msg: string, f?: Fields) => write("error", msg, f),
};
