/**
 * Every `/api` endpoint, for the OpenAPI document (lib/render/openapi.ts): its method and path as
 * mounted (routes/mod.ts), what it does, who may call it, the schemas it validates with and what it
 * answers. A route added without a line here fails tests/openapi_test.ts.
 */
import type { z } from "zod";
import {
  aboutSchema,
  changePasswordSchema,
  confirmIdentitySchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from "../../common/schemas/account.ts";
import { blocklistSchema, rejectSchema } from "../../common/schemas/admin.ts";
import { loginSchema } from "../../common/schemas/auth.ts";
import { commentListQuerySchema, newCommentSchema, newThreadSchema, threadListQuerySchema } from "../../common/schemas/forum.ts";
import { createMediaSchema, mediaEditSchema } from "../../common/schemas/media.ts";
import { profileContentQuery, sendMessageSchema, threadQuery } from "../../common/schemas/messages.ts";
import { reportSchema } from "../../common/schemas/reports.ts";
import { muteSchema } from "../../common/schemas/mutes.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { searchParams } from "../feed/search.ts";
import type { ResponseName } from "./api_responses.ts";
import { COLLECTION_OPERATIONS } from "./api_collections.ts";
import { COMMENT_OPERATIONS } from "./api_comments.ts";
import { json, list, operation } from "./api_op.ts";
import { approvedQuery, contentFeedQuery, likeBody } from "../feed/query_schemas.ts";
import { MODERATION_OPERATIONS } from "./api_moderation.ts";
import { MEMBER_OPERATIONS } from "./api_members.ts";
import { NOTIFICATION_OPERATIONS } from "./api_notifications.ts";
import { REGISTER_EXTRA, SITE_OPERATIONS } from "./api_site.ts";
import { FEDERATION_INBOUND_OPERATIONS } from "./api_federation_inbound.ts";
import { WATCHING_OPERATIONS } from "./api_watching.ts";
import { SITE_ADMIN_OPERATIONS } from "./api_site_admin.ts";

export type Operation = {
  method: "get" | "head" | "post" | "put" | "patch" | "delete";
  /** As mounted, with `{name}` for path parameters. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth?: "member" | "admin";
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** A request body that is a file, by media type. */
  upload?: string;
  ok: { status?: 200 | 201 | 302; schema?: ResponseName; array?: true; content?: string; description?: string };
  errors?: number[];
};

const account = operation("account");
const content = operation("content");
const social = operation("social");
const forum = operation("forum");
const messages = operation("messages");
const admin = operation("admin");
const meta = operation("meta");

const member = { auth: "member" } as const;

/** The forum lists' paging (issue 44, decision 047). */
const PAGED_BY_KEY = "A page that has a next one carries the `X-Next-Cursor` header: pass its value as `after` for the next page " +
  "(with the same sortBy; an opaque cursor, 400 when it is not one). `offset` still works, also for deep pages.";
const byAdmin = { auth: "admin" } as const;

export const API_OPERATIONS: Operation[] = [
  account("get", "/api/user", "The signed-in member", json("SessionUser"), member),
  account("post", "/api/login", "Sign in with username and password; sets the session cookie", json("SessionUser"), {
    body: loginSchema,
    errors: [429],
  }),
  account("post", "/api/register", "Create an account and sign in", json("SessionUser", 201), REGISTER_EXTRA),
  account("post", "/api/logout", "End the session", json("Done")),
  account("patch", "/api/user", "Change one's username, email (the password proves it is you) or `federated`", json("SessionUser"), {
    ...member,
    body: updateProfileSchema,
    description: "Or the switches showFollows and historyPaused (issue 43).",
    errors: [409, 429],
  }),
  account("put", "/api/user/about", "Set one's About text, shown on the public profile", json("About"), {
    ...member,
    body: aboutSchema,
  }),
  account("post", "/api/user/change-password", "Change (or set) one's password", json("Message"), {
    ...member,
    body: changePasswordSchema,
    errors: [429],
  }),
  account("delete", "/api/user", "Delete one's account and everything it owns", json("Message"), {
    ...member,
    description: "Needs the current password, or for a member without one a sign-in within the last 10 minutes.",
    body: confirmIdentitySchema,
    errors: [403],
  }),
  account("post", "/api/user/verify-email", "Mail a new link that verifies one's email address", json("Message"), {
    ...member,
    errors: [409, 429],
  }),
  account("post", "/api/user/social/{provider}", "Start connecting Google or Facebook to one's account", json("SocialConnect"), {
    ...member,
    body: confirmIdentitySchema,
    errors: [403, 404, 409],
  }),
  account(
    "delete",
    "/api/user/social/{provider}",
    "Disconnect Google or Facebook (never the last way to sign in); the same proof as connecting",
    json("ConnectedProviders"),
    {
      ...member,
      body: confirmIdentitySchema,
      errors: [400, 403, 404, 409],
    },
  ),
  account("post", "/api/forgot-password", "Mail a password reset link (the same answer for any address)", json("Message"), {
    body: forgotPasswordSchema,
    errors: [429],
  }),
  account("get", "/api/verify-reset-token/{token}", "Whether a reset token is still valid", json("Done")),
  account("post", "/api/reset-password", "Set a new password with a reset token", json("Message"), {
    body: resetPasswordSchema,
    errors: [429],
  }),
  account("get", "/api/user/mutes", "Your mutes (tags, users, AI generators)", list("Mute"), member),
  account("post", "/api/user/mutes", "Mute a tag, a user or an AI generator (at most 1,000 mutes)", json("Done"), {
    ...member,
    body: muteSchema,
    errors: [404, 422, 429],
  }),
  account("delete", "/api/user/mutes/{type}/{value}", "Undo a mute", json("Done"), member),
  ...COLLECTION_OPERATIONS,

  content("get", "/api/content/feed", "One page of the home feed: videos and images, and the Featured Video", json("FeedResponse"), {
    query: contentFeedQuery,
    description:
      "following=true: the Following tab (members only, 401 otherwise), newest published first; tag=: one tag's items. No featured item.",
    errors: [401],
  }),
  content(
    "get",
    "/api/content/{id}/thumbnail",
    "An item's thumbnail, or its generated placeholder; with placeholder=true an image even for an unknown id (then status 404)",
    { content: "image/*" },
  ),
  content("get", "/api/categories", "The categories", list("Category")),
  content("get", "/api/search", "Search approved items by title, prompt, tags, generator or uploader", list("ContentItem"), {
    query: searchParams,
  }),
  content("get", "/api/videos/{id}", "One item", json("ContentItem")),
  content("get", "/api/videos/{id}/related", "Items related to one item", list("ContentItem")),
  content("get", "/api/videos/{id}/direct", "Redirect to the item's file (or the YouTube player URL)", {
    status: 302,
    schema: "SignedUrl",
    description: "A redirect to the file; for YouTube embeds 200 with { url }",
  }),
  content("post", "/api/videos", "Publish an uploaded file or a YouTube link (held for review)", json("ContentItem", 201), {
    ...member,
    body: createMediaSchema,
    errors: [409, 410, 422, 429],
    description: "422 when the file passes a limit (the message names it): a video's work over MAX_VIDEO_WORK or past the member's " +
      "MAX_VIDEO_WORK_PER_DAY, an image's side over 16,383 px or its sides past 1:100. A create that fails spends its upload: " +
      "another create from it answers 410.",
  }),
  content("put", "/api/videos/{id}", "Edit an item's fields (its owner or an admin)", json("ContentItem"), {
    ...member,
    body: mediaEditSchema,
    description: "Every field, same limits for all; an owner may not clear the category or generator (400). RATE_EDITS_PER_USER (429).",
    errors: [403, 404, 429],
  }),
  content("delete", "/api/videos/{id}", "Delete an item and its files (its owner or an admin)", json("Done"), member),
  content(
    "post",
    "/api/upload/file",
    "Upload a video or image (streamed, size-limited, type sniffed from the bytes)",
    json("StoredUpload", 201),
    {
      ...member,
      upload: "application/octet-stream",
      errors: [413, 415, 422, 429],
      description: "422 when the file does not decode, or passes an upload limit: a video longer than MAX_VIDEO_SECONDS, with frames " +
        "over MAX_VIDEO_PIXELS or more work (output frames x pixels) than MAX_VIDEO_WORK, an image over MAX_IMAGE_MEGAPIXELS, wider " +
        "or higher than 16,383 px or with sides past 1:100, or an animation of more than 1,000 frames (the message names it).",
    },
  ),
  content("get", "/api/user/videos", "The signed-in member's own items, in every review state", list("ContentItem"), member),
  content("get", "/api/s3/{key}", "A signed link to a public item's file (?getUrl=true), or the file through one", {
    content: "application/octet-stream",
    description: "The file (Range supported), or { url, expiresAt } with getUrl=true",
  }, { errors: [400, 403, 404] }),
  content("head", "/api/s3/{key}", "The headers of a file behind a signed link", { description: "The file's headers" }, {
    errors: [400, 403, 404],
  }),
  content("get", "/api/pages/{name}", "A site text (rules, terms, privacy, FAQ...) as HTML", json("SiteText")),

  social("get", "/api/videos/{id}/like", "Whether you like an item, and its like count", json("LikeStatus")),
  social("post", "/api/videos/{id}/like", "Like an item", json("LikeStatus"), member),
  social("delete", "/api/videos/{id}/like", "Take back a like", json("LikeStatus"), member),
  social("post", "/api/like", "Like an item (the feed's variant, with the id in the body)", json("LikeStatus"), {
    ...member,
    body: likeBody,
  }),
  ...COMMENT_OPERATIONS,
  social("post", "/api/reports", "Report an item", json("Done", 201), { ...member, body: reportSchema, errors: [409, 422, 429] }),
  social("post", "/api/report", "Report an item (the same as /api/reports)", json("Done", 201), {
    ...member,
    body: reportSchema,
    errors: [409, 422, 429],
  }),
  social("post", "/api/users/block/{userId}", "Block a member (at most 1,000 blocks)", json("Done"), {
    ...member,
    errors: [404, 422, 429],
  }),
  social("delete", "/api/users/block/{userId}", "Unblock a member", json("Done"), member),
  social("get", "/api/users/by-username/{username}", "A public profile by username", json("PublicProfile")),
  social("get", "/api/users/{id}/profile", "A public profile by id", json("PublicProfile")),
  social("get", "/api/users/{id}/content", "A member's public items, paged", json("ProfileContent"), {
    query: profileContentQuery,
    description: "Newest first. Each answer's `next` is the cursor of the page after it (pass it as `cursor=`); `page=` still works.",
  }),
  social("post", "/api/users/{id}/follow", "Follow a member", json("FollowState"), { ...member, errors: [403, 422, 429] }),
  social("delete", "/api/users/{id}/follow", "Stop following a member", json("FollowState"), member),
  social("get", "/api/user/following", "Whom you follow, newest first", json("UserPage"), { ...member, query: listPageQuery }),
  social("get", "/api/user/followers", "Who follows you, newest first", json("UserPage"), { ...member, query: listPageQuery }),
  social("get", "/api/user/likes", "The items you liked, newest like first", json("LikedPage"), { ...member, query: listPageQuery }),
  social("post", "/api/user/following-feed/token", "A new private address of your Following feed", json("FeedUrl"), {
    ...member,
    description: "The old address answers 404 from then on.",
  }),

  forum("get", "/api/forum/categories", "Forum categories with their thread counts", list("ForumCategory")),
  forum("get", "/api/forum/threads", "Threads, filtered and sorted", list("ForumThread"), {
    query: threadListQuerySchema,
    description: PAGED_BY_KEY,
  }),
  forum("post", "/api/forum/threads", "Start a thread", json("ForumThread", 201), { ...member, body: newThreadSchema, errors: [429] }),
  forum("delete", "/api/forum/threads/{id}", "Delete a thread (its author or an admin)", json("Done"), member),
  forum("get", "/api/forum/threads/{id}/comments", "A thread's comments", list("ForumComment"), {
    query: commentListQuerySchema,
    description: PAGED_BY_KEY,
  }),
  forum("post", "/api/forum/threads/{id}/comments", "Comment on a thread", json("ForumComment", 201), {
    ...member,
    body: newCommentSchema,
    errors: [429],
  }),
  forum("delete", "/api/forum/threads/{id}/comments/{commentId}", "Delete a comment (its author or an admin)", json("Done"), member),
  forum("post", "/api/forum/threads/{id}/upvote", "Upvote a thread", json("Upvote"), member),
  forum("delete", "/api/forum/threads/{id}/upvote", "Take back an upvote", json("Upvote"), member),

  messages("get", "/api/messages/unread/count", "How many messages you have not read", json("Count"), member),
  messages("get", "/api/messages/conversations", "Your conversations, newest first", list("Conversation"), member),
  messages("get", "/api/messages/conversation/{userId}", "The messages with one member, paged backwards", list("ChatMessage"), {
    ...member,
    query: threadQuery,
  }),
  messages("post", "/api/messages/mark-read/{userId}", "Mark a conversation read", json("Done"), member),
  messages("delete", "/api/messages/conversation/{userId}", "Delete a conversation on your side", json("Done"), member),
  messages("post", "/api/messages/send", "Send a message", json("ChatMessage", 201), { ...member, body: sendMessageSchema, errors: [429] }),

  admin("post", "/api/admin/content/{id}/blocklist", "Refuse uploads that look like this item (its perceptual hashes)", json("Done"), {
    ...byAdmin,
    body: blocklistSchema,
    errors: [409],
  }),
  admin("get", "/api/admin/content/reported", "Reported items", list("ReportedItem"), byAdmin),
  admin("get", "/api/admin/content/featured", "Featured items", list("AdminItem"), byAdmin),
  admin("get", "/api/admin/content/approved", "Approved items, paged", json("ApprovedPage"), { ...byAdmin, query: approvedQuery }),
  admin("post", "/api/admin/content/{id}/approve", "Approve an item", json("Done"), byAdmin),
  admin("post", "/api/admin/content/{id}/reject", "Reject an item with a reason", json("Done"), { ...byAdmin, body: rejectSchema }),
  admin(
    "post",
    "/api/admin/content/{id}/reprocess",
    "Queue a failed video's processing again (audited; 409 for a ready one)",
    json("Reprocessing"),
    {
      ...byAdmin,
      errors: [409],
    },
  ),
  admin("post", "/api/admin/content/{id}/feature", "Feature an item, or stop featuring it", json("Done"), byAdmin),
  admin("post", "/api/admin/content/{id}/dismiss-reports", "Dismiss an item's reports (and show it again)", json("Done"), byAdmin),
  admin("delete", "/api/admin/content/{id}", "Delete an item and its files", json("Done"), byAdmin),
  ...MEMBER_OPERATIONS,

  ...MODERATION_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...SITE_OPERATIONS,
  ...FEDERATION_INBOUND_OPERATIONS,
  ...WATCHING_OPERATIONS,
  ...SITE_ADMIN_OPERATIONS,

  meta("get", "/api/openapi.json", "This document", json("OpenApiDocument")),
  meta("get", "/api/docs", "This document as a page to read", { content: "text/html" }),
];
