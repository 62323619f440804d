/** The environment variables the server reads, each with its type, limits and default (parsed in lib/config.ts). */
import { z } from "zod";

const bool = z.enum(["1", "0", "true", "false", "yes", "no"]).transform((v) => v === "1" || v === "true" || v === "yes");
const positiveInt = z.coerce.number().int().positive();

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().regex(/^(file|libsql|https?):/, "must start with file:, libsql:, http: or https:")
    .optional(),
  /** `libsql`: a file: DATABASE_URL through @libsql/client's own driver (tests of the driver remote URLs use). */
  DB_DRIVER: z.enum(["sqlite", "libsql"]).default("sqlite"),
  SITE_URL: z.url().default("http://localhost:8000"),
  SITE_NAME: z.string().min(1).max(60).default("Dreamreel"),
  SITE_TAGLINE: z.string().max(120).default("AI dreams, in motion"),
  ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9_-]{3,30}$/, "3-30 letters, digits, _ or -").optional(),
  ADMIN_PASSWORD: z.string().min(6).max(200).optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_DAYS: positiveInt.max(365).default(30),
  RATE_LOGIN_PER_IP: positiveInt.default(20),
  RATE_LOGIN_PER_ACCOUNT: positiveInt.default(10),
  RATE_REGISTER_PER_IP: positiveInt.default(5),
  RATE_WINDOW_SECONDS: positiveInt.default(900),
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  COPYRIGHT_EMAIL: z.email().default("copyright@example.com"),
  /** The company named in the terms and privacy policy (defaults to SITE_NAME). */
  OPERATOR_NAME: z.string().min(1).max(120).optional(),
  OPERATOR_ADDRESS: z.string().max(300).optional(),
  GOVERNING_LAW: z.string().min(1).max(200).default("the laws of the country where the operator is established"),
  /** Issue 41: who may sign up on a new site (after the first save on the admin Settings tab, the stored value wins). */
  REGISTRATIONS: z.enum(["open", "approval", "invite", "closed"]).default("open"),
  /** The 18+ interstitial for visitors without the age cookie (spec part 2 §2 "Age gate"). */
  AGE_GATE: bool.default(true),
  /** Where Exit Site on /access-denied goes: a general search engine. */
  EXIT_URL: z.url({ protocol: /^https?$/ }).default("https://www.google.com/"),
  AD_CLIENT_ID: z.string().regex(/^ca-pub-\d+$/, "looks like ca-pub-1234").optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  FACEBOOK_AUTH_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v19.0/oauth/access_token"),
  FACEBOOK_USERINFO_URL: z.url().default("https://graph.facebook.com/me?fields=id,name,email"),
  MAX_VIDEO_MB: positiveInt.default(750),
  MAX_IMAGE_MB: positiveInt.default(25),
  /** Longest video accepted (the rules' 15 minutes), judged on the container's and every stream's duration and timestamps. */
  MAX_VIDEO_SECONDS: positiveInt.max(24 * 3600).default(15 * 60),
  /** Most pixels a video frame may have (3840x2160's count); judged from the probe before any frame is decoded. */
  MAX_VIDEO_PIXELS: positiveInt.max(16384 * 16384).default(3840 * 2160),
  /**
   * Transcoding work, in output frames x pixels (decision 040). A video above MAX_VIDEO_WORK (default
   * 10 minutes of 1080p60) is refused (422); a member may queue MAX_VIDEO_WORK_PER_DAY in 24 hours
   * (default an hour of 1080p60); a job of at most SHORT_JOB_MAX_WORK (a minute of 1080p60) is short:
   * it may take the lane kept free of long transcodes.
   */
  MAX_VIDEO_WORK: positiveInt.max(Number.MAX_SAFE_INTEGER).default(600 * 60 * 1920 * 1080),
  MAX_VIDEO_WORK_PER_DAY: positiveInt.max(Number.MAX_SAFE_INTEGER).default(3600 * 60 * 1920 * 1080),
  SHORT_JOB_MAX_WORK: positiveInt.max(Number.MAX_SAFE_INTEGER).default(60 * 60 * 1920 * 1080),
  /** Key for signed storage links; when unset one is generated and kept in DATA_DIR/secret.key. */
  SIGNING_SECRET: z.string().min(32, "at least 32 characters").optional(),
  SIGNED_URL_SECONDS: positiveInt.max(7 * 86400).default(3600),
  /** Distinct open reporters at which an item is hidden until an admin looks at it. */
  REPORT_HIDE_THRESHOLD: positiveInt.default(5),
  /** A member's report counts toward the threshold only once their account is this old and their email verified (issue 42). */
  REPORT_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().int().min(0).max(24 * 365).default(24),
  RATE_COMMENTS_PER_USER: positiveInt.default(20),
  RATE_REPORTS_PER_USER: positiveInt.default(10),
  RATE_SOCIAL_WINDOW_SECONDS: positiveInt.default(600),
  /** Forum threads and forum comments a member may post per RATE_SOCIAL_WINDOW_SECONDS. */
  RATE_FORUM_THREADS_PER_USER: positiveInt.default(10),
  RATE_FORUM_COMMENTS_PER_USER: positiveInt.default(30),
  RATE_MESSAGES_PER_USER: positiveInt.default(30),
  /** Follows (POST /api/users/{id}/follow) a member may make per RATE_SOCIAL_WINDOW_SECONDS (issue 32). */
  RATE_FOLLOWS_PER_USER: positiveInt.default(100),
  /** Comment likes (POST .../comments/{commentId}/like) a member may make per RATE_SOCIAL_WINDOW_SECONDS (issue 43). */
  RATE_COMMENT_LIKES_PER_USER: positiveInt.default(300),
  /** Player position beats (POST /api/videos/{id}/progress) a member may send per RATE_SOCIAL_WINDOW_SECONDS (issue 43). */
  RATE_PROGRESS_PER_USER: positiveInt.default(300),
  RATE_MESSAGES_WINDOW_SECONDS: positiveInt.default(60),
  /** Mutes and blocks a member may add, and owner edits they may make, per RATE_SOCIAL_WINDOW_SECONDS (issue 31). */
  RATE_MUTES_PER_USER: positiveInt.default(60),
  RATE_BLOCKS_PER_USER: positiveInt.default(30),
  RATE_EDITS_PER_USER: positiveInt.default(30),
  /** A visitor's views of one item count once per this many minutes. */
  VIEW_WINDOW_MINUTES: positiveInt.default(60),
  MAX_IMAGE_MEGAPIXELS: positiveInt.default(50),
  RATE_UPLOADS_PER_USER: positiveInt.default(30),
  RATE_UPLOAD_WINDOW_SECONDS: positiveInt.default(3600),
  /** Collections a member may create, and items they may add to collections, per RATE_COLLECTIONS_WINDOW_SECONDS (issue 32). */
  RATE_COLLECTIONS_PER_USER: positiveInt.default(20),
  RATE_COLLECTION_ITEMS_PER_USER: positiveInt.default(300),
  RATE_COLLECTIONS_WINDOW_SECONDS: positiveInt.default(3600),
  /** Files uploaded but never attached to an item are removed after this many hours. */
  UPLOAD_UNATTACHED_HOURS: positiveInt.max(24 * 30).default(24),
  /**
   * A new site's upload quotas per member in bytes, total and per 24 hours (issue 41 point 3; -1 unlimited). Once
   * the site settings are stored (issue 41 point 1) those win; a member's own quota, set by an admin, wins over both.
   */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(-1).max(1e15).default(10 * 1024 ** 3),
  DAILY_UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(-1).max(1e15).default(2 * 1024 ** 3),
  /** Seconds anonymous visitors may be served the same home page or feed page (0 turns it off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  /** JSON (and form) request bodies above this are refused with 413 before they are read. */
  MAX_JSON_KB: positiveInt.max(10 * 1024).default(64),
  /** A request body that sends no byte for this long is abandoned with 408 (uploads included). */
  BODY_IDLE_TIMEOUT_SECONDS: positiveInt.max(600).default(30),
  /**
   * Perceptual-hash distance (of 64 bits) at or under which two items look alike (issue 25; measured
   * in tests/similar_test.ts: copies resized, re-encoded, cropped 5% or brightened 0-10, unrelated 14+).
   */
  SIMILAR_MAX_DISTANCE: z.coerce.number().int().min(0).max(32).default(12),
  /** Jobs (transcodes) this process runs at once. */
  JOB_CONCURRENCY: positiveInt.max(16).default(1),
  /** false: the web process runs no jobs; `deno task worker` (another process or host on the same database) does. */
  JOBS_IN_WEB: bool.default(true),
  /** A running job's lease; a process that dies leaves its job to be taken again once this runs out. */
  JOB_LEASE_SECONDS: positiveInt.max(3600).default(60),
  /** Tries of a job before it ends as failed (retried with backoff: 10 s, 40 s, 90 s ...). */
  JOB_MAX_ATTEMPTS: positiveInt.max(20).default(3),
  /** A failed job waits this long times the square of its attempt number before its next try. */
  JOB_RETRY_SECONDS: positiveInt.max(3600).default(10),
  /** Threads each ffmpeg may use, and its niceness (0-19): encoding leaves the web process its latency. */
  FFMPEG_THREADS: positiveInt.max(64).default(2),
  FFMPEG_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Keep the uploaded original after its renditions are made (for admins and re-encoding). */
  KEEP_ORIGINALS: bool.default(true),
  /** Server processes sharing the port (lib/boot/supervisor.ts); default the number of cores on Linux, 1 elsewhere; 1 turns it off. */
  WEB_CONCURRENCY: positiveInt.max(64).optional(),
  /** Where media files live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket; lib/storage/). */
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "3-63 lowercase letters, digits, dots or hyphens").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9_.-]+\/)*$/, "empty or folders ending in /, e.g. dreamreel/").default(""),
  /** Lifetime of the presigned GET a public file URL redirects to. */
  S3_URL_SECONDS: positiveInt.max(7 * 86400).default(300),
  MEDIA_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Continuous replication of the database by Litestream (lib/replica/, decision 037): `s3://bucket/path`. */
  REPLICA_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/(?!\.\.?(\/|$))[\w.-]+)+$/, "s3://bucket/path").optional(),
  REPLICA_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  REPLICA_REGION: z.string().min(1).optional(),
  REPLICA_ACCESS_KEY_ID: z.string().min(1).optional(),
  REPLICA_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REPLICA_FORCE_PATH_STYLE: bool.optional(),
  /** Writes wait a little (at most 250 ms each) while the replica is more than this behind (decision 050); 0: never. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(60).default(1.5),
  LITESTREAM_BIN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS from the start); unset: mails go to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "must look like smtp://user:pass@host:587 or smtps://user:pass@host:465").optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** ActivityPub (issue 40, lib/federation/): members followable from the fediverse; false: the actor endpoints answer 404. */
  FEDERATION: bool.default(true),
  /** Items sent out are marked sensitive with a content warning naming the site (the site is 18+). */
  FEDERATION_SENSITIVE: bool.default(true),
  /** Fetch from and deliver to loopback, private and link-local addresses (tests); false guards against SSRF. */
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  RATE_RESET_PER_IP: positiveInt.default(10),
  RATE_RESET_PER_EMAIL: positiveInt.default(3),
});

export type Env = z.infer<typeof envSchema>;
