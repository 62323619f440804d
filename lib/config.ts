import { type Env, envSchema } from "./config_schema.ts";
import { redactUrl } from "./log.ts";

export type Config = ReturnType<typeof toConfig>;
const databaseUrlOf = (env: Env) => env.DATABASE_URL ?? `file:${env.DATA_DIR}/dreamreel.db`;

function toConfig(env: Env) {
  const siteUrl = new URL(env.SITE_URL);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: databaseUrlOf(env),
    dbDriver: env.DB_DRIVER,
    uploadsDir: `${env.DATA_DIR}/uploads`,
    siteUrl: siteUrl.origin,
    secure: siteUrl.protocol === "https:",
    siteName: env.SITE_NAME,
    tagline: env.SITE_TAGLINE,
    admin: env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : undefined,
    trustProxy: env.TRUST_PROXY,
    sessionDays: env.SESSION_DAYS,
    rate: {
      windowSeconds: env.RATE_WINDOW_SECONDS,
      loginPerIp: env.RATE_LOGIN_PER_IP,
      loginPerAccount: env.RATE_LOGIN_PER_ACCOUNT,
      registerPerIp: env.RATE_REGISTER_PER_IP,
      commentsPerUser: env.RATE_COMMENTS_PER_USER,
      reportsPerUser: env.RATE_REPORTS_PER_USER,
      socialWindowSeconds: env.RATE_SOCIAL_WINDOW_SECONDS,
      forumThreadsPerUser: env.RATE_FORUM_THREADS_PER_USER,
      forumCommentsPerUser: env.RATE_FORUM_COMMENTS_PER_USER,
      messagesPerUser: env.RATE_MESSAGES_PER_USER,
      followsPerUser: env.RATE_FOLLOWS_PER_USER,
      commentLikesPerUser: env.RATE_COMMENT_LIKES_PER_USER,
      progressPerUser: env.RATE_PROGRESS_PER_USER,
      messagesWindowSeconds: env.RATE_MESSAGES_WINDOW_SECONDS,
      mutesPerUser: env.RATE_MUTES_PER_USER,
      blocksPerUser: env.RATE_BLOCKS_PER_USER,
      editsPerUser: env.RATE_EDITS_PER_USER,
      resetPerIp: env.RATE_RESET_PER_IP,
      resetPerEmail: env.RATE_RESET_PER_EMAIL,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${env.SITE_NAME.replace(/["\\]/g, "")}" <no-reply@${siteUrl.hostname}>`,
      outboxDir: `${env.DATA_DIR}/outbox`,
    },
    signingSecret: env.SIGNING_SECRET,
    signedUrlSeconds: env.SIGNED_URL_SECONDS,
    reportHideThreshold: env.REPORT_HIDE_THRESHOLD,
    reportMinAccountAgeMs: env.REPORT_MIN_ACCOUNT_AGE_HOURS * 3_600_000,
    viewWindowMs: env.VIEW_WINDOW_MINUTES * 60_000,
    supportEmail: env.SUPPORT_EMAIL,
    copyrightEmail: env.COPYRIGHT_EMAIL,
    operatorName: env.OPERATOR_NAME ?? env.SITE_NAME,
    operatorAddress: env.OPERATOR_ADDRESS,
    governingLaw: env.GOVERNING_LAW,
    /** A new site's settings that have no field above (issue 41; lib/settings/site_settings.ts reads them). */
    siteDefaults: {
      registrations: env.REGISTRATIONS,
      uploadQuotaBytes: env.UPLOAD_QUOTA_BYTES,
      dailyUploadQuotaBytes: env.DAILY_UPLOAD_QUOTA_BYTES,
    },
    ageGate: env.AGE_GATE,
    exitUrl: env.EXIT_URL,
    adClientId: env.AD_CLIENT_ID,
    oauth: {
      google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authUrl: env.GOOGLE_AUTH_URL,
          tokenUrl: env.GOOGLE_TOKEN_URL,
          userinfoUrl: env.GOOGLE_USERINFO_URL,
          scopes: ["openid", "email", "profile"],
        }
        : undefined,
      facebook: env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? {
          clientId: env.FACEBOOK_CLIENT_ID,
          clientSecret: env.FACEBOOK_CLIENT_SECRET,
          authUrl: env.FACEBOOK_AUTH_URL,
          tokenUrl: env.FACEBOOK_TOKEN_URL,
          userinfoUrl: env.FACEBOOK_USERINFO_URL,
          scopes: ["email", "public_profile"],
        }
        : undefined,
    },
    limits: { videoBytes: env.MAX_VIDEO_MB * 1024 * 1024, imageBytes: env.MAX_IMAGE_MB * 1024 * 1024 },
    upload: {
      maxImagePixels: env.MAX_IMAGE_MEGAPIXELS * 1_000_000,
      maxVideoSeconds: env.MAX_VIDEO_SECONDS,
      maxVideoPixels: env.MAX_VIDEO_PIXELS,
      maxVideoWork: env.MAX_VIDEO_WORK,
      maxVideoWorkPerDay: env.MAX_VIDEO_WORK_PER_DAY,
      perUser: env.RATE_UPLOADS_PER_USER,
      windowSeconds: env.RATE_UPLOAD_WINDOW_SECONDS,
      unattachedMs: env.UPLOAD_UNATTACHED_HOURS * 3_600_000,
    },
    collections: {
      createsPerUser: env.RATE_COLLECTIONS_PER_USER,
      addsPerUser: env.RATE_COLLECTION_ITEMS_PER_USER,
      windowSeconds: env.RATE_COLLECTIONS_WINDOW_SECONDS,
    },
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    body: { maxJsonBytes: env.MAX_JSON_KB * 1024, idleTimeoutMs: env.BODY_IDLE_TIMEOUT_SECONDS * 1000 },
    jobs: {
      concurrency: env.JOB_CONCURRENCY,
      /** A job costing at most this may start in the lane kept for short jobs while long ones run (decision 040). */
      shortMaxWork: env.SHORT_JOB_MAX_WORK,
      inWeb: env.JOBS_IN_WEB,
      leaseMs: env.JOB_LEASE_SECONDS * 1000,
      maxAttempts: env.JOB_MAX_ATTEMPTS,
      retryBaseMs: env.JOB_RETRY_SECONDS * 1000,
      /** Polling interval when the queue is empty (a new job in this process wakes it at once). */
      pollMs: 1000,
    },
    federation: {
      enabled: env.FEDERATION,
      sensitive: env.FEDERATION_SENSITIVE,
      allowPrivateAddresses: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
    },
    similarMaxDistance: env.SIMILAR_MAX_DISTANCE,
    ffmpeg: { threads: env.FFMPEG_THREADS, nice: env.FFMPEG_NICE },
    keepOriginals: env.KEEP_ORIGINALS,
    storage: {
      kind: env.STORAGE,
      s3: env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
          endpoint: env.S3_ENDPOINT.replace(/\/+$/, ""),
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
        : null,
      /** The origin public media files redirect to (the CSP allows it), or null on local disk. */
      mediaOrigin: env.STORAGE !== "s3" || !env.S3_ENDPOINT
        ? null
        : env.MEDIA_BASE_URL
        ? new URL(env.MEDIA_BASE_URL).origin
        : env.S3_FORCE_PATH_STYLE
        ? new URL(env.S3_ENDPOINT).origin
        : `${new URL(env.S3_ENDPOINT).protocol}//${env.S3_BUCKET}.${new URL(env.S3_ENDPOINT).host}`,
      urlSeconds: env.S3_URL_SECONDS,
      mediaBaseUrl: env.MEDIA_BASE_URL?.replace(/\/+$/, ""),
    },
    replica: replicaOf(env),
    litestreamBin: env.LITESTREAM_BIN,
    logLevel: env.LOG_LEVEL,
    // SO_REUSEPORT spreads connections over processes on Linux only.
    webConcurrency: env.WEB_CONCURRENCY ?? (Deno.build.os === "linux" ? navigator.hardwareConcurrency : 1),
  };
}

/** The replica's settings, each REPLICA_* falling back to its S3_* one; null without REPLICA_URL, whatever else is set. */
function replicaOf(env: Env) {
  if (!env.REPLICA_URL) return null;
  const [bucket, ...path] = env.REPLICA_URL.slice("s3://".length).split("/");
  const region = env.REPLICA_REGION ?? env.S3_REGION;
  return {
    url: env.REPLICA_URL,
    bucket,
    path: path.join("/"),
    endpoint: (env.REPLICA_ENDPOINT ?? env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    region,
    accessKeyId: (env.REPLICA_ACCESS_KEY_ID ?? env.S3_ACCESS_KEY_ID)!,
    secretAccessKey: (env.REPLICA_SECRET_ACCESS_KEY ?? env.S3_SECRET_ACCESS_KEY)!,
    forcePathStyle: env.REPLICA_FORCE_PATH_STYLE ?? env.S3_FORCE_PATH_STYLE,
    maxLagSeconds: env.REPLICA_MAX_LAG_SECONDS,
  };
}

export class ConfigError extends Error {}

/** Values never echoed in an error; a URL setting is echoed without its user, password and query. */
const SECRET_KEYS = /PASSWORD|SECRET|ACCESS_KEY/;
const URL_KEYS = /_URL$|_ENDPOINT$/;

/**
 * Every URL setting, as given (issue 42 point 5): shown only through `redactUrl`, at start-up, in
 * errors, on /healthz and the admin overview.
 */
export function urlSettings(config: Config): Record<string, string> {
  const s3 = config.storage.s3;
  const entries: [string, string | undefined | null][] = [
    ["DATABASE_URL", config.databaseUrl],
    ["S3_ENDPOINT", s3?.endpoint],
    ["MEDIA_BASE_URL", config.storage.mediaBaseUrl],
    ["SMTP_URL", config.mail.smtpUrl],
    ["REPLICA_URL", config.replica?.url],
    ["REPLICA_ENDPOINT", config.replica?.endpoint],
  ];
  for (const [name, p] of [["GOOGLE", config.oauth.google], ["FACEBOOK", config.oauth.facebook]] as const) {
    if (p) entries.push([`${name}_AUTH_URL`, p.authUrl], [`${name}_TOKEN_URL`, p.tokenUrl], [`${name}_USERINFO_URL`, p.userinfoUrl]);
  }
  return Object.fromEntries(entries.filter((e): e is [string, string] => !!e[1]));
}

/** What must never be written whole: passwords and keys, and the user, password and query values of every URL setting. */
export function secretValues(config: Config): string[] {
  const out: string[] = [];
  const fromUrl = (value: string) => {
    const at = value.indexOf("://");
    const authority = at === -1 ? "" : value.slice(at + 3).split(/[/?#]/)[0];
    const userinfo = authority.includes("@") ? authority.slice(0, authority.lastIndexOf("@")) : "";
    for (const part of userinfo.split(":")) out.push(part, safeDecode(part));
    const query = value.indexOf("?");
    if (query !== -1) {
      for (const pair of value.slice(query + 1).split(/[&#]/)) {
        const v = pair.slice(pair.indexOf("=") + 1);
        out.push(v, safeDecode(v));
      }
    }
  };
  Object.values(urlSettings(config)).forEach(fromUrl);
  const s3 = config.storage.s3;
  out.push(
    config.signingSecret ?? "",
    config.admin?.password ?? "",
    s3?.secretAccessKey ?? "",
    config.replica?.secretAccessKey ?? "",
    config.oauth.google?.clientSecret ?? "",
    config.oauth.facebook?.clientSecret ?? "",
  );
  return out.filter((v) => v.length > 0);
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** Parses an environment map; throws ConfigError with one readable line per bad value. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const shown = (key: string) =>
      SECRET_KEYS.test(key) ? "(hidden)" : JSON.stringify(URL_KEYS.test(key) ? redactUrl(present[key] ?? "") : present[key] ?? "");
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}=${shown(String(i.path[0]))}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const missing = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((k) => !present[k]);
  if (result.data.STORAGE === "s3" && missing.length) {
    throw new ConfigError(`Invalid configuration:\n  STORAGE="s3" needs ${missing.join(", ")}`);
  }
  const parsed = result.data;
  if (parsed.REPLICA_URL) {
    const keys = [["REPLICA_ACCESS_KEY_ID", "S3_ACCESS_KEY_ID"], ["REPLICA_SECRET_ACCESS_KEY", "S3_SECRET_ACCESS_KEY"]] as const;
    const absent = keys.filter(([a, b]) => !parsed[a] && !parsed[b]).map(([a, b]) => `${a} (or ${b})`);
    if (absent.length) throw new ConfigError(`Invalid configuration:\n  REPLICA_URL needs ${absent.join(" and ")}`);
    if (!databaseUrlOf(parsed).startsWith("file:")) {
      throw new ConfigError("Invalid configuration:\n  REPLICA_URL replicates a local database file: DATABASE_URL must be a file: URL");
    }
  }
  return toConfig(parsed);
}

/** The only place the process environment is read. `defaults` apply where the environment is silent (the demo's DATA_DIR). */
export function loadConfig(overrides: Record<string, string> = {}, defaults: Record<string, string> = {}): Config {
  return parseConfig({ ...defaults, ...Deno.env.toObject(), ...overrides });
}
