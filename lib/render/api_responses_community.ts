/**
 * The answers of the forum and message endpoints, as zod schemas for the OpenAPI document;
 * lib/render/api_responses.ts lists them with the others (and re-exports them).
 */
import { z } from "zod";
import { UnshownStatus } from "./api_responses_moderation.ts";

const iso = z.string().describe("ISO 8601 date-time");
const user = z.strictObject({ username: z.string() }).nullable();

export const ForumThread = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  categoryId: z.number().int().nullable(),
  tags: z.array(z.string()).nullable(),
  isSticky: z.boolean(),
  upvotes: z.number().int(),
  commentCount: z.number().int(),
  createdAt: iso,
  userId: z.number().int().nullable(),
  user,
  upvoted: z.boolean(),
  status: UnshownStatus,
}).loose();
export const ForumComment = z.strictObject({
  id: z.number().int(),
  content: z.string(),
  createdAt: iso,
  userId: z.number().int().nullable(),
  user,
  status: UnshownStatus,
});
export const ForumCategory = z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string(), count: z.number().int() });
export const Upvote = z.strictObject({ upvotes: z.number().int(), upvoted: z.boolean() });

export const ChatMessage = z.strictObject({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  createdAt: iso,
});
export const Conversation = z.strictObject({
  userId: z.number().int(),
  username: z.string(),
  lastMessage: z.string(),
  lastMessageDate: iso,
  unreadCount: z.number().int(),
});

/** Mutes (issue 25) and follows (issue 32). */
export const Mute = z.strictObject({
  type: z.enum(["tag", "user", "generator"]),
  value: z.string().describe("Lower-case tag or generator, or the muted member's id"),
  label: z.string().describe("What to show: the tag, the generator or the member's username"),
});
export const FollowState = z.strictObject({ following: z.boolean(), followerCount: z.number().int() });
export const UserPage = z.strictObject({
  users: z.array(z.strictObject({ id: z.number().int(), username: z.string(), createdAt: iso, isAdmin: z.boolean() })),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}).describe("One page of members, newest follow first");
