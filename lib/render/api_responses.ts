/**
 * The JSON the `/api` endpoints answer, as zod schemas for the OpenAPI document's components
 * (lib/render/openapi.ts). They mirror the TypeScript types in common/api_types.ts and the forum and
 * message rules; tests/openapi_test.ts parses real answers with them (strictly), so a field added
 * to an answer without its schema fails there.
 */
import { z } from "zod";
import { CONTENT_TYPES } from "../../common/media_rules.ts";
import { ImageSource, Processing, VideoSource } from "./api_responses_media.ts";
import {
  Collection,
  CollectionFields,
  CollectionItem,
  CollectionList,
  CollectionOrder,
  WatchLaterState,
} from "./api_responses_collections.ts";
import { MODERATION_RESPONSES, ReportView, UnshownStatus } from "./api_responses_moderation.ts";
import {
  ChatMessage,
  Conversation,
  FollowState,
  ForumCategory,
  ForumComment,
  ForumThread,
  Mute,
  Upvote,
  UserPage,
} from "./api_responses_community.ts";

export { ChatMessage, Conversation, FollowState, ForumCategory, ForumComment, ForumThread, Mute, Upvote, UserPage };
export { Collection, CollectionItem, CollectionList, CollectionOrder, WatchLaterState };
import { BanInfo, LookAlike, MEMBER_RESPONSES } from "./api_responses_members.ts";
export { AdminCounts, AdminUser, AuditEntryView as AuditEntry } from "./api_responses_members.ts";
import { NOTIFICATION_RESPONSES } from "./api_notifications.ts";
import { SITE_RESPONSES } from "./api_site.ts";
import { FEDERATION_INBOUND_RESPONSES } from "./api_federation_inbound.ts";
import { SITE_ADMIN_RESPONSES } from "./api_site_admin.ts";

const iso = z.string().describe("ISO 8601 date-time");

export const ErrorBody = z.strictObject({ error: z.string(), code: z.string().optional(), ban: BanInfo.optional() })
  .describe("Every refusal: a readable message");

export const SessionUser = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  role: z.enum(["member", "moderator", "admin"]).describe("What the account may do (issue 41 point 4)"),
  createdAt: iso,
  quota: z.strictObject({
    used: z.number().int(),
    limit: z.number().int().describe("-1: unlimited"),
    dailyUsed: z.number().int(),
    dailyLimit: z.number().int().describe("-1: unlimited"),
  }).optional().describe("GET /api/user only: upload quota in bytes; admins have none (-1)"),
  hasPassword: z.boolean().optional(),
  emailVerified: z.boolean().optional(),
  federated: z.boolean().optional().describe("Followable from the fediverse (ActivityPub); false: the actor answers 404"),
  showFollows: z.boolean().optional().describe("PATCH /api/user: others may see your follow lists (issue 43)"),
  historyPaused: z.boolean().optional().describe("PATCH /api/user: your watch history is paused (issue 43)"),
}).describe("The signed-in member");

export const ContentItem = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  prompt: z.string(),
  negativePrompt: z.string().optional().describe("Read from the file's generation metadata"),
  generation: z.strictObject({
    model: z.string().optional(),
    sampler: z.string().optional(),
    steps: z.number().optional(),
    cfg: z.number().optional(),
    seed: z.number().optional(),
    size: z.string().optional(),
  }).optional().describe("Settings read from the file's generation metadata"),
  aiGenerator: z.string(),
  resolution: z.enum(["HD", "4K"]),
  tags: z.string().describe("Comma-separated"),
  contentType: z.enum(CONTENT_TYPES),
  videoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  embedCode: z.string().nullable(),
  youtubeId: z.string().nullable(),
  thumbnail: z.string(),
  duration: z.number().nullable().describe("Seconds"),
  size: z.number().int().nullable().describe("Bytes"),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  userId: z.number().int(),
  uploaderName: z.string(),
  uploaderId: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categorySlug: z.string().nullable(),
  category: z.strictObject({ name: z.string(), slug: z.string().nullable() }).nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  commentCount: z.number().int(),
  createdAt: iso,
  adminNotice: z.string().nullable(),
  reviewStatus: z.enum(["pending", "approved", "rejected"]),
  rejectionReason: z.string().nullable(),
  featured: z.boolean(),
  preview: z.literal(false),
  credits: z.number(),
  vimeoId: z.null(),
  reviewedAt: iso.nullable(),
  reviewedBy: z.number().int().nullable().describe("The admin who approved or rejected it"),
  previewUrl: z.string().nullable().optional().describe("The card's short clip, played muted until the viewer unmutes it"),
  previewSound: z.boolean().optional().describe("The card's clip has a sound track: cards offer Unmute only then"),
  sources: z.array(VideoSource).optional().describe("Playable renditions, smallest first"),
  imageSources: z.array(ImageSource).optional().describe(
    "An image's WebP renditions (480, 960, 1600 px wide at most), smallest first; empty until made",
  ),
  thumbnail2x: z.string().nullable().optional().describe("The poster at twice the card size"),
  processing: Processing.optional(),
}).describe("A video, image or YouTube embed (spec part 1 §3)");

export const AdminItem = ContentItem.extend({ hidden: z.boolean() }).describe("A content item with what only moderators see");
export const PendingItem = AdminItem.extend({
  matchesRemovedId: z.number().int().nullable().describe("Held: the rejected or admin-deleted item this upload looks like"),
  lookAlikes: z.array(LookAlike).describe("Pending, approved, rejected or removed items within SIMILAR_MAX_DISTANCE, nearest first"),
  watchedWords: z.array(z.string()).describe("Watched words its title, description, tags or prompt hold"),
}).describe("An item waiting for review");
export const ReportedItem = AdminItem.extend({
  reportReason: z.string(),
  reportedAt: iso,
  reportDetails: z.string().nullable().optional(),
  openReports: z.number().int(),
  reportCount: z.number().int(),
  reports: z.array(ReportView).describe("The newest open reports, with their words and reporters"),
}).loose();

export const FeedResponse = z.strictObject({
  featured: z.strictObject({ video: ContentItem.nullable() }),
  content: z.strictObject({
    videos: z.array(ContentItem),
    images: z.array(ContentItem),
    hasMore: z.boolean(),
    adPositions: z.array(z.number().int()),
  }),
}).loose();

export const Category = z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() });
export const LikeStatus = z.strictObject({ isLiked: z.boolean(), count: z.number().int(), likes: z.number().int().optional() });
export const MediaComment = z.strictObject({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  content: z.string(),
  createdAt: iso,
  status: UnshownStatus,
  parentId: z.number().int().nullable().describe("The top comment it replies to (one level), or null"),
  likeCount: z.number().int(),
  liked: z.boolean().describe("Whether you like it (false for a visitor)"),
  replyCount: z.number().int().optional().describe("On a top comment: its replies you may see, listed after the top comments"),
  remote: z.strictObject({ id: z.number().int(), handle: z.string().describe("name@host"), url: z.string() }).optional()
    .describe("A reply from the fediverse: its author (id for /api/user/remote-actors/{id}) and their profile"),
});
export const CommentLike = z.strictObject({ liked: z.boolean(), likeCount: z.number().int() });
const ApprovedItem = AdminItem.extend({ editedAt: iso.nullable().describe("When the owner last edited it while approved") });
export const ApprovedPage = z.strictObject({
  content: z.array(ApprovedItem),
  totalCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const Count = z.strictObject({ count: z.number().int() });
export const Message = z.strictObject({ message: z.string() });
export const CollectionPage = z.strictObject({
  ...CollectionFields,
  items: z.array(ContentItem).describe("One page of the items shown to you, in the collection's order"),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  order: z.array(z.number().int()).optional().describe("The owner's only: every item id in order, those not shown included"),
});
export const Done = z.object({ success: z.literal(true).optional(), ok: z.literal(true).optional() }).loose()
  .describe("The action was done; further fields name what changed");

export const PublicProfile = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  createdAt: iso,
  isAdmin: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  isFollowing: z.boolean().optional().describe("Whether you follow the member (signed-in viewers only)"),
}).loose();
export const ProfileContent = z.strictObject({
  content: z.array(ContentItem),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  next: z.string().nullable().describe("Opaque cursor of the next page (pass it as cursor=), null on the last page (issue 44)"),
  mutedMember: z.boolean().optional().describe("The viewer muted this member (issue 25): no items, the page offers Unmute"),
});
export const LikedPage = z.strictObject({
  content: z.array(ContentItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export const FeedUrl = z.strictObject({ url: z.string().describe("The private feed's address (RSS; ?format=atom for Atom)") });
export const SiteText = z.strictObject({ name: z.string(), title: z.string(), html: z.string() });
export const StoredUpload = z.strictObject({ url: z.string(), contentType: z.string(), size: z.number().int() });
export const SignedUrl = z.strictObject({ url: z.string(), expiresAt: iso });
export const About = z.strictObject({ about: z.string() });
export const CommentDeleted = z.strictObject({ success: z.literal(true), commentCount: z.number().int() });
export const SocialConnect = z.strictObject({ url: z.string().describe("Where to send the browser to confirm with the provider") });
export const ConnectedProviders = z.strictObject({ providers: z.array(z.string()).describe("Providers still connected") });
export const Reprocessing = z.strictObject({ ok: z.literal(true), id: z.number().int(), processing: Processing });
/** Issue 43 point 5: the player's position beat and the watch history. */
export const ProgressSaved = z.strictObject({
  recorded: z.boolean().describe("false while the member's history is paused (nothing was written)"),
  seconds: z.number().nullable().describe("The position kept, to a tenth of a second"),
});
export const HistoryPage = z.strictObject({
  entries: z.array(z.strictObject({ item: ContentItem, seconds: z.number(), watchedAt: iso })).describe("Newest first"),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  paused: z.boolean(),
});
export const HistoryRemoved = z.strictObject({ removed: z.number().int() });
export const OpenApiDocument = z.object({ openapi: z.string() }).loose().describe("This document");

/** Every named answer, in the document's components.schemas. */
export const RESPONSES = {
  ErrorBody,
  SessionUser,
  ContentItem,
  AdminItem,
  PendingItem,
  ReportedItem,
  FeedResponse,
  Category,
  LikeStatus,
  MediaComment,
  ApprovedPage,
  Count,
  Message,
  Mute,
  Collection,
  CollectionList,
  CollectionPage,
  CollectionItem,
  WatchLaterState,
  CollectionOrder,
  Done,
  ForumThread,
  ForumComment,
  ForumCategory,
  Upvote,
  ChatMessage,
  Conversation,
  PublicProfile,
  ProfileContent,
  FollowState,
  UserPage,
  LikedPage,
  FeedUrl,
  SiteText,
  StoredUpload,
  SignedUrl,
  About,
  CommentDeleted,
  CommentLike,
  SocialConnect,
  ConnectedProviders,
  Reprocessing,
  OpenApiDocument,
  ProgressSaved,
  HistoryPage,
  HistoryRemoved,
  ...MODERATION_RESPONSES,
  ...MEMBER_RESPONSES,
  ...NOTIFICATION_RESPONSES,
  ...SITE_RESPONSES,
  ...FEDERATION_INBOUND_RESPONSES,
  ...SITE_ADMIN_RESPONSES,
} as const;

export type ResponseName = keyof typeof RESPONSES;
