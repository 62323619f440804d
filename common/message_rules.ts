/** Private messages (spec part 2 §2, §5, §8): limits and texts both sides use. */

/** The longest message the server stores (the composer counts down to it). */
export const MESSAGE_MAX = 5000;
/** Messages per page of a thread; older ones load with `before`. */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 100;
/** The open conversation is polled this often while the tab is visible (spec part 2 §2 "Messages"). */
export const MESSAGES_POLL_MS = 10_000;

/** Raised by the messages screen after it marked a conversation read: the account badge reloads its count. */
export const UNREAD_CHANGED_EVENT = "dr:unread-changed";

/** How many members one member may block (issue 31: every list a member grows has a cap). */
export const BLOCKS_MAX = 1000;

export const MESSAGE_MSG = {
  empty: "Message cannot be empty",
  long: `Message is too long (at most ${MESSAGE_MAX.toLocaleString("en-US")} characters)`,
  invalidUser: "Invalid user id",
  self: "You can't send a message to yourself",
  selfConversation: "You can't have a conversation with yourself",
  userNotFound: "User not found",
  blockedByThem: "You can't message this user: they have blocked you.",
  blockedByMe: "You have blocked this user. Unblock them to send a message.",
  blockSelf: "You can't block yourself",
  tooManyBlocks: `You can block at most ${BLOCKS_MAX.toLocaleString("en-US")} members. Unblock some to block others.`,
  // The spec's toasts (part 2 §8 "Messages" and "Public profile").
  fetchConversations: "Failed to fetch conversations",
  loadMessages: "Error loading messages",
  deleteFailed: "Failed to delete conversation",
  blockFailed: "Failed to block user",
  sendFailed: "Failed to send message. Please try again.",
  profileSendFailed: "Failed to send message",
} as const;

/** True when nothing but whitespace was typed (the send button stays disabled). */
export const isBlank = (text: string) => text.trim().length === 0;
