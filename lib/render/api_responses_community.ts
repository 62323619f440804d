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
