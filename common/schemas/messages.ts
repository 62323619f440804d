/** Payloads of the messages and users APIs (spec part 2 §7), checked by the routes and the islands alike. */
import * as z from "zod/mini";
import { MESSAGE_MAX, MESSAGE_MSG, THREAD_PAGE_MAX } from "../message_rules.ts";
import { PROFILE_CURSOR_RE, PROFILE_MSG, PROFILE_PAGE_MAX } from "../profile_rules.ts";

const ID_RE = /^\d{1,15}$/;

/** A user id in a path: digits only, 1 and up. */
export const userIdParam = z.string().check(
  z.regex(ID_RE, MESSAGE_MSG.invalidUser),
  z.refine((s) => Number(s) >= 1, MESSAGE_MSG.invalidUser),
);

const positiveId = (message: string) =>
  z.union([
    z.int().check(z.positive(message), z.maximum(Number.MAX_SAFE_INTEGER, message)),
    z.pipe(
      z.string().check(z.regex(ID_RE, message), z.refine((s) => Number(s) >= 1, message)),
      z.transform((s) => Number(s)),
    ),
  ], { error: message });

/** POST /api/messages/send. `content` is trimmed; blank or longer than MESSAGE_MAX is refused. */
export const sendMessageSchema = z.object({
  receiverId: positiveId("receiverId must be a user id (a whole number)"),
  content: z.string({ error: (i) => (i.input === undefined ? "content is required" : "content must be a string") }).check(
    z.trim(),
    z.minLength(1, MESSAGE_MSG.empty),
    z.maxLength(MESSAGE_MAX, MESSAGE_MSG.long),
  ),
});

export type SendMessageInput = z.input<typeof sendMessageSchema>;

const digits = (name: string, max: number) =>
  z.pipe(
    z.string().check(z.regex(/^\d{1,9}$/, `${name} must be a whole number`)),
    z.transform((s) => Number(s)),
  ).check(z.refine((n) => n >= 1 && n <= max, `${name} must be between 1 and ${max}`));

/** GET /api/messages/conversation/{userId}?before=&limit=: the newest page, or the page older than `before`. */
export const threadQuery = z.object({
  before: z.optional(digits("before", Number.MAX_SAFE_INTEGER)),
  limit: z.optional(digits("limit", THREAD_PAGE_MAX)),
});

/**
 * GET /api/users/{id}/content?page=&limit=&cursor=: by page number (as before), or after the
 * opaque `next` cursor of the answer before (issue 44: keyset, no duplicates or gaps between pages).
 */
export const profileContentQuery = z.object({
  page: z.optional(digits("page", 10_000)),
  limit: z.optional(digits("limit", PROFILE_PAGE_MAX)),
  cursor: z.optional(z.string().check(z.regex(PROFILE_CURSOR_RE, PROFILE_MSG.badCursor))),
}).check(z.refine((q) => q.page === undefined || q.cursor === undefined, "page and cursor cannot be used together"));

/** A message as the API returns it (spec part 2 §3 "Message"). */
export type MessageOut = { id: number; senderId: number; receiverId: number; content: string; createdAt: string };

/** A row of the conversation list (spec part 2 §3 "Conversation summary"). */
export type ConversationOut = { userId: number; username: string; lastMessage: string; lastMessageDate: string; unreadCount: number };

/**
 * A public profile (spec part 2 §3 "User", without the email), with its follow counts (issue 32) and,
 * for a signed-in viewer, whether they follow the member.
 */
export type PublicProfile = {
  id: number;
  username: string;
  createdAt: string;
  isAdmin: boolean;
  followerCount: number;
  followingCount: number;
  isFollowing?: boolean;
};
