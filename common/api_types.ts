import type { Role } from "./roles.ts";
import type { Quota } from "./quota_rules.ts";
/**
 * The JSON shapes of the `/api/*` answers the islands read, each declared once. The server's
 * mappers (lib/media/content_item.ts, lib/community/comments.ts, routes/api/admin.ts ...) are typed to return
 * them, so an island and the route that feeds it cannot drift apart.
 */
import type { ErrorCode } from "./error_codes.ts";
import type { ContentType, ProcessingState, ReviewStatus } from "./media_rules.ts";
import type { ReportView } from "./moderation.ts";
import type { Likeness } from "./look_alikes.ts";

/** Every failed `/api/*` call answers this (app.ts onError). */
export type ApiErrorBody = { error: string; code?: ErrorCode };

/** The signed-in member as `GET /api/user` answers it (and as every request knows it). */
export type SessionUser = {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  /** member, moderator or admin (issue 41 point 4); `isAdmin` is `role === "admin"`. */
  role: Role;
  /** ISO 8601, like every date the API answers (issue 36 point 11). */
  createdAt: string;
  /** Whether the member proved their address (issue 19); nothing but social linking depends on it. */
  emailVerified: boolean;
  /** Followable from the fediverse (issue 40 point 6): GET and PATCH /api/user carry it. */
  federated?: boolean;
  /** `GET /api/user` only: bytes stored and allowed (issue 41 point 3; -1 unlimited, as for admins). */
  quota?: Quota;
};

/** A playable rendition of a video (H.264/AAC MP4, index at the front). */
export type VideoSource = {
  url: string;
  type: "video/mp4";
  /** The rung: the short side (a portrait 720p rendition is 720 wide), what the quality menu says. */
  height: number;
  bytes: number;
  /** The file's own pixels; absent for renditions made before they were recorded (issue 35). */
  frame?: { width: number; height: number };
};

/**
 * A sized copy of an image (issue 35): WebP at 480, 960 and 1600 px wide, never wider than the
 * image; the top may be the original itself when it is the smaller file (a GIF, a small PNG).
 */
export type ImageSource = { url: string; type: string; width: number; height: number; bytes: number; animated?: true };

/** Where an item's renditions stand: only its owner and admins are told. */
export type Processing = { state: ProcessingState; progress: number; error?: string };

/** The spec's content item (part 1 §3), as every media endpoint returns it. */
export type ContentItem = {
  id: number;
  slug: string;
  title: string;
  description: string;
  prompt: string;
  /** From the file's generation metadata (issue 25), when it had any. */
  negativePrompt?: string;
  generation?: GenerationSettings;
  aiGenerator: string;
  resolution: "HD" | "4K";
  /** Comma-separated (format.ts splitTags reads it). */
  tags: string;
  contentType: ContentType;
  /** The rendition a player starts with when it knows nothing (at most 720p); the original before renditions exist. */
  videoUrl: string | null;
  /** The card's clip: at most 4 s, at most 360p, starting muted. */
  previewUrl: string | null;
  /** The card's clip has a sound track (the video had one): cards offer Unmute only then. */
  previewSound: boolean;
  /** Playable renditions, smallest first (empty before processing is ready). */
  sources: VideoSource[];
  /** The original image as uploaded (re-encoded without metadata): the zoom viewer's full size and Download. */
  imageUrl: string | null;
  /** An image's renditions, smallest first (empty until they are made: pages then show imageUrl). */
  imageSources: ImageSource[];
  embedCode: string | null;
  youtubeId: string | null;
  thumbnail: string;
  /** The poster at twice the card size, for `srcset` on 2x screens. */
  thumbnail2x: string | null;
  /** Seconds. */
  duration: number | null;
  size: number | null;
  width: number | null;
  height: number | null;
  userId: number;
  uploaderName: string;
  uploaderId: number;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
  category: { name: string; slug: string | null } | null;
  views: number;
  likes: number;
  commentCount: number;
  createdAt: string;
  adminNotice: string | null;
  reviewStatus: ReviewStatus;
  rejectionReason: string | null;
  featured: boolean;
  preview: false;
  credits: number;
  vimeoId: null;
  reviewedAt: string | null;
  /** The id of the admin who approved or rejected it (spec part 1 §3, part 2 §3); null before review. */
  reviewedBy: number | null;
  /** Only in the owner's and admins' answers. */
  processing?: Processing;
};

/** `GET /api/content/feed` (spec part 1 §3, feed response). */
export type FeedResponse<Item = ContentItem> = {
  featured: { video: Item | null };
  content: { videos: Item[]; images: Item[]; hasMore: boolean; adPositions: number[] };
};

/** `GET /api/categories`. */
export type CategoryOption = { id: number; name: string; slug: string };

/** `GET|POST|DELETE /api/videos/{id}/like`. */
export type LikeStatus = { isLiked: boolean; count: number };

/** One comment of `GET|POST /api/videos/{id}/comments`; visitors' comments read "Anonymous". */
export type MediaComment = {
  id: number;
  userId: number | null;
  username: string;
  content: string;
  createdAt: string;
  /** Only on the writer's own comment while it is held for review or hidden by reports (issue 34). */
  status?: "held" | "hidden";
  /** The top comment this one replies to (issue 43), or null for a top comment. */
  parentId: number | null;
  /** Members who like it, and whether the viewer does (false for a visitor). */
  likeCount: number;
  liked: boolean;
  /** On a top comment: its replies the viewer may see (listed after the top comments, oldest first). */
  replyCount?: number;
  /** A reply from the fediverse (issue 40): its author's id (for a member's block or mute), `name@host` and profile address. */
  remote?: { id: number; handle: string; url: string };
};

/** The admin lists' item: the content item plus what only moderators see. */
export type AdminItem = ContentItem & { hidden: boolean };

/** Settings read from a file's generation metadata (issue 25); each only when the file had it. */
export type GenerationSettings = { model?: string; sampler?: string; steps?: number; cfg?: number; seed?: number; size?: string };

/**
 * An item that looks like a pending one (issues 25 and 34): pending too, or decided ("removed" when
 * an admin deleted it), with its uploader, the decision and who took it, and how alike in words.
 */
export type LookAlike = {
  id: number;
  title: string | null;
  thumbnail: string | null;
  status: "pending" | "approved" | "rejected" | "removed";
  /** The rejection reason; "Deleted by an admin" for a removed one. */
  reason: string | null;
  distance: number;
  likeness: Likeness;
  /** The admin view of it (`/media/{id}`); null once deleted. */
  href: string | null;
  uploader: { id: number; username: string } | null;
  /** Who approved, rejected or deleted it, and when. */
  decidedBy: { id: number; username: string } | null;
  decidedAt: string | null;
};

/**
 * `GET /api/admin/content/pending`: with its look-alikes, when held the removed item it matches, and
 * the watched words its title, description, tags or prompt hold (issue 34).
 */
export type PendingItem = AdminItem & { matchesRemovedId: number | null; lookAlikes: LookAlike[]; watchedWords: string[] };

/** `GET /api/admin/content/reported`. */
export type ReportedItem = AdminItem & {
  reportReason: string;
  reportedAt: string;
  /** Distinct reporters (accounts and visitors) with an open report on the item. */
  openReports: number;
  /** Open reports, and the newest of them with their words and reporters (issue 34). */
  reportCount: number;
  reports: ReportView[];
};

/** `GET /api/admin/content/approved`. */
export type ApprovedPage = { content: ApprovedItem[]; totalCount: number; page: number; limit: number };

/** An approved item, with when its owner last edited it (ISO date; null when never). */
export type ApprovedItem = AdminItem & { editedAt: string | null };

/** `GET /api/admin/users`. */
export type AdminUser = {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  role: Role;
  banned: boolean;
  createdAt: string;
};

/** `GET /api/messages/unread/count`. */
export type UnreadCount = { count: number };

/** `GET /api/admin/counts`. */
export type AdminCounts = { pendingCount: number; reportedCount: number; heldCount: number; totalCount: number };

/** `GET /api/admin/registrations` (issue 41): a sign-up waiting for approval. */
export type Signup = { id: number; username: string; email: string | null; reason: string; createdAt: string };

/** `GET /api/admin/invites` (issue 41): a code, its link and limits (null: none), and whether it still admits. */
export type Invite = {
  code: string;
  url: string;
  createdAt: string;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  state: "active" | "used up" | "expired" | "revoked";
};
/** `GET /api/admin/federation/blocks` (issue 40 point 5): a server refused. */
export type FederationBlock = { id: number; domain: string; reason: string; createdAt: string };

/** `GET /api/admin/federation/servers`: a server we have heard from, with its accounts that follow members here. */
export type KnownServerView = { domain: string; actors: number; followers: number; banned: number; blocked: boolean };
