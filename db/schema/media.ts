import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { moderatedColumns } from "./moderated.ts";
import { CONTENT_TYPES, PROCESSING_STATES, REVIEW_STATUSES } from "../../common/media_rules.ts";

const now = () => Date.now();

export const categories = sqliteTable("categories", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  slug: text().notNull().unique(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** The order of the category tabs (issue 41 point 5), then the id. */
  position: integer().notNull().default(0),
});

/** Slugs a category had before a rename (or a deleted category's, pointing where its items went): they redirect (301). */
export const categorySlugs = sqliteTable("category_slugs", {
  slug: text().primaryKey(),
  categoryId: integer("category_id").notNull().references(() => categories.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("category_slugs_category").on(t.categoryId)]);

/** A content item (the spec's "video"): a video file, an image file or a YouTube embed. */
export const media = sqliteTable("media", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
  contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
  title: text().notNull(),
  description: text().notNull().default(""),
  prompt: text().notNull().default(""),
  aiGenerator: text("ai_generator").notNull().default(""),
  tags: text().notNull().default(""),
  resolution: text({ enum: ["HD", "4K"] }).notNull().default("HD"),
  /** Storage key of the video or image file, relative to the uploads directory. */
  fileKey: text("file_key"),
  thumbnailKey: text("thumbnail_key"),
  /** The 11-character YouTube id of an embed; embed HTML is rebuilt from it, never stored. */
  youtubeId: text("youtube_id"),
  fileHash: text("file_hash"),
  duration: integer(),
  size: integer(),
  width: integer(),
  height: integer(),
  views: integer().notNull().default(0),
  likes: integer().notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  /** Distinct accounts with an open report; at the configured threshold the item is hidden. */
  openReports: integer("open_reports").notNull().default(0),
  reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
  rejectionReason: text("rejection_reason"),
  featured: integer({ mode: "boolean" }).notNull().default(false),
  /**
   * Hidden from the public: by reports (`reportsHidden`) or while the owner is banned (decision 028).
   * Kept by triggers of migration 0015 from those two; the app writes `reportsHidden`, never this.
   */
  hidden: integer({ mode: "boolean" }).notNull().default(false),
  /** Open reports reached REPORT_HIDE_THRESHOLD; cleared when an admin resolves them. */
  reportsHidden: integer("reports_hidden", { mode: "boolean" }).notNull().default(false),
  credits: integer().notNull().default(0),
  adminNotice: text("admin_notice"),
  reviewedAt: integer("reviewed_at"),
  reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  /** Renditions, preview and poster (lib/media/process_job.ts): queued, processing, ready or failed. */
  processingState: text("processing_state", { enum: PROCESSING_STATES }).notNull().default("ready"),
  processingProgress: integer("processing_progress").notNull().default(100),
  processingError: text("processing_error"),
  /**
   * Whether the public may be served the item at all: false from upload until its first processing
   * is ready; items from before renditions stay true and play their original meanwhile.
   */
  playable: integer({ mode: "boolean" }).notNull().default(true),
  previewKey: text("preview_key"),
  /** The preview clip has a sound track (issue 35): cards offer Unmute only then. */
  previewSound: integer("preview_sound", { mode: "boolean" }).notNull().default(false),
  poster2xKey: text("poster2x_key"),
  /**
   * The renditions as JSON, smallest first (one read per card; lib/media/content_item.ts reads it). A video's MP4s
   * `[{ k: key, h: rung (short side), b: bytes, fw, fh: frame width and height }]`. An image's WebPs
   * `[{ k, w, h, b, a?: 1 when animated }]`, whose top may be the original itself when it is the smaller file.
   */
  sources: text().notNull().default("[]"),
  /** Bytes on disk of every file the item owns (original, renditions, preview, posters). */
  diskBytes: integer("disk_bytes"),
  /** A video's transcoding cost, output frames x pixels, from the probe at upload (decision 040); null when unknown. */
  videoWork: integer("video_work"),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  updatedAt: integer("updated_at").notNull().$defaultFn(now),
  /** When the owner last edited the item after approval (shown to moderators; the audit log has the old values). */
  editedAt: integer("edited_at"),
  /** "Matches removed item #N" (issue 25): a look-alike of a rejected or admin-deleted item, held for review. */
  matchesRemovedId: integer("matches_removed_id"),
  /** Read from the file (issue 25): JSON `{ negativePrompt, settings }` (lib/media/generation.ts); the prompt has its own column. */
  generation: text(),
  /** When the item first became public (approved, not hidden, processed), stamped by triggers (migration 0016); the Following tab's order. */
  publishedAt: integer("published_at"),
  /** The highest like milestone the owner was told of (issue 33, migration 0018): announced once each. */
  notifiedLikes: integer("notified_likes").notNull().default(0),
  /** When the item was first sent to the fediverse as a Create (issue 40, migration 0028); NULL: it never left the site. */
  federatedAt: integer("federated_at"),
}, (t) => [
  index("media_status_created").on(t.reviewStatus, t.createdAt, t.id),
  index("media_status_views").on(t.reviewStatus, t.views, t.id),
  index("media_status_likes").on(t.reviewStatus, t.likes, t.id),
  index("media_category_status_created").on(t.categoryId, t.reviewStatus, t.createdAt, t.id),
  index("media_user_created").on(t.userId, t.createdAt),
  index("media_user_public").on(t.userId, t.reviewStatus, t.hidden, t.playable, t.createdAt, t.id),
  index("media_featured").on(t.featured, t.reviewStatus),
  index("media_file_hash").on(t.fileHash),
  // The admin overview's series per day (migration 0009), like likes_created, comments_created and reports_created.
  index("media_created").on(t.createdAt),
  // A generator mute's items (issue 25, migration 0012; db/queries/mutes.ts).
  index("media_generator").on(sql`lower(trim(${t.aiGenerator}))`),
  // Everything lib/feed/rankings.ts keeps of a public item (uploader and publication time for the Following tab, issue 32).
  index("media_public_rank").on(
    t.reviewStatus,
    t.hidden,
    t.playable,
    t.id,
    t.contentType,
    t.categoryId,
    t.likes,
    t.views,
    t.createdAt,
    t.userId,
    t.publishedAt,
  ),
  // Images still without renditions, for the background pass (migration 0025; lib/media/image_backfill.ts).
  index("media_images_unrendered").on(t.id).where(
    sql`${t.contentType} = 'image' AND ${t.sources} = '[]' AND ${t.processingState} = 'ready'`,
  ),
]);

export const likes = sqliteTable(
  "likes",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (
    t,
  ) => [
    primaryKey({ columns: [t.userId, t.mediaId] }),
    index("likes_media_created").on(t.mediaId, t.createdAt),
    index("likes_created").on(t.createdAt),
    // A member's likes, newest first (issue 32: /liked).
    index("likes_user_created").on(t.userId, t.createdAt, t.mediaId),
  ],
);

export const comments = sqliteTable("comments", {
  id: integer().primaryKey({ autoIncrement: true }),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  username: text().notNull().default("Anonymous"),
  content: text().notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  ...moderatedColumns(),
  /** SHA-256 of the visitor cookie of the browser that wrote a visitor's comment (its own held comment shows there). */
  writerKey: text("writer_key"),
  /** The top comment this one replies to (issue 43, migration 0033): one level only, never a reply. */
  parentId: integer("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
  /** Members who like it, kept with comment_likes in the same transaction. */
  likeCount: integer("like_count").notNull().default(0),
  /** A remote actor's reply (issue 40, migration 0029; its FK is in the SQL): the actor, and its Note's ActivityPub id. */
  remoteActorId: integer("remote_actor_id"),
  apId: text("ap_id"),
}, (t) => [
  index("comments_media_created").on(t.mediaId, t.createdAt),
  index("comments_parent_created").on(t.parentId, t.createdAt).where(sql`parent_id IS NOT NULL`),
  index("comments_created").on(t.createdAt),
  index("comments_unshown").on(t.status, t.createdAt).where(sql`status <> 'shown'`),
  // A member's comments on the admin member page (migration 0020).
  index("comments_user_created").on(t.userId, t.createdAt),
  uniqueIndex("comments_ap_id").on(t.apId).where(sql`ap_id IS NOT NULL`),
  index("comments_remote_actor").on(t.remoteActorId, t.mediaId).where(sql`remote_actor_id IS NOT NULL`),
]);

/** One member's like of one comment (issue 43 point 4, migration 0033). WITHOUT ROWID in the migration. */
export const commentLikes = sqliteTable("comment_likes", {
  commentId: integer("comment_id").notNull().references(() => comments.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_likes_user").on(t.userId, t.commentId)]);

export const REPORT_REASONS = ["inappropriate", "copyright", "explicit", "misinformation", "other"] as const;

export const reports = sqliteTable("reports", {
  id: integer().primaryKey({ autoIncrement: true }),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Who reported: "u:{userId}" for members, "v:{hash of ip}" for visitors; one open report each. */
  reporterKey: text("reporter_key").notNull(),
  reason: text({ enum: REPORT_REASONS }).notNull(),
  details: text(),
  status: text({ enum: ["open", "resolved"] }).notNull().default("open"),
  /** Whether it counted toward hiding when made (a verified member old enough, not the owner: migration 0026, decision 039). */
  counts: integer({ mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** A Flag's remote reporter (issue 40, migration 0029); reporter_key is then "r:{id}". */
  remoteActorId: integer("remote_actor_id"),
}, (t) => [
  uniqueIndex("reports_open_once").on(t.mediaId, t.reporterKey).where(sql`status = 'open'`),
  index("reports_media_status").on(t.mediaId, t.status),
  index("reports_status_created").on(t.status, t.createdAt),
  index("reports_created").on(t.createdAt),
  // A reporter's open reports, counted for their cap (migration 0015).
  index("reports_open_by_reporter").on(t.reporterKey).where(sql`status = 'open'`),
  // The reports a member made, on the admin member page (migration 0020).
  index("reports_user_created").on(t.userId, t.createdAt),
]);

export const views = sqliteTable("views", {
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  viewerKey: text("viewer_key").notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("views_media_viewer").on(t.mediaId, t.viewerKey, t.createdAt), index("views_created").on(t.createdAt)]);

/** Files received by POST /api/upload/file, until attached to an item (or swept after 24 h). */
export const uploads = sqliteTable("uploads", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  fileKey: text("file_key").notNull().unique(),
  kind: text({ enum: ["video", "image"] }).notNull(),
  mime: text().notNull(),
  size: integer().notNull(),
  sha256: text().notNull(),
  mediaId: integer("media_id").references(() => media.id, { onDelete: "set null" }),
  createdAt: integer("created_at").notNull().$defaultFn(now),
  /** A video's transcoding cost (output frames x pixels) from its probe at upload (decision 040). */
  videoWork: integer("video_work"),
  /** When a create from it failed: the upload is spent (its file removed; another create answers 410). */
  refusedAt: integer("refused_at"),
}, (t) => [
  index("uploads_user").on(t.userId),
  index("uploads_unattached").on(t.mediaId, t.createdAt),
  index("uploads_user_created").on(t.userId, t.createdAt),
]);

/** Bytes of an upload still arriving (issue 41 point 3, migration 0031): counted against its member's quotas. */
export const uploadReservations = sqliteTable("upload_reservations", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  bytes: integer().notNull(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [index("upload_reservations_user").on(t.userId, t.updatedAt)]);

/** The work each member queued (MAX_VIDEO_WORK_PER_DAY): kept when the item goes, as the CPU was spent. */
export const videoWorkLog = sqliteTable("video_work_log", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  work: integer().notNull(),
  createdAt: integer("created_at").notNull(),
}, (t) => [index("video_work_log_user").on(t.userId, t.createdAt)]);

/**
 * Every derived file an item owns (a video's renditions, preview and posters, an image's renditions), so a URL finds
 * its item by key. `width` and `height` are the file's pixels (issue 35); video renditions made before recorded their
 * rung (the short side) as the height and no width.
 */
export const mediaFiles = sqliteTable("media_files", {
  key: text().primaryKey(),
  mediaId: integer("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
  role: text({ enum: ["rendition", "preview", "poster", "poster2x"] }).notNull(),
  width: integer(),
  height: integer(),
  bytes: integer().notNull(),
  createdAt: integer("created_at").notNull().$defaultFn(now),
}, (t) => [index("media_files_media").on(t.mediaId)]);
