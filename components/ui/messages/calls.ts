/** The messages screen's calls to /api/messages and /api/users (spec part 2 §7), and how it reacts to their failures. */
import { api, ApiError } from "../api.ts";
import { UNREAD_CHANGED_EVENT } from "../../../common/message_rules.ts";
import type { ConversationOut, MessageOut } from "../../../common/schemas/messages.ts";
import { authHrefHere } from "../../../common/return_to.ts";

/** A 401 anywhere sends the member to sign in again (spec part 2 §6). True when it did. */
export function toAuthOn401(e: unknown): boolean {
  if (e instanceof ApiError && e.status === 401) {
    location.href = authHrefHere();
    return true;
  }
  return false;
}

/** The server's `error`, else the status line; a network failure says so. */
export const errorText = (e: unknown) => (e instanceof ApiError ? e.body?.error ?? e.message : "Could not reach the server.");

/** Tells the account menu to reload its unread badge (islands/AccountMenu.tsx listens). */
export const refreshBadge = () => dispatchEvent(new Event(UNREAD_CHANGED_EVENT));

export const getConversations = () => api<ConversationOut[]>("/api/messages/conversations");

export const getThread = (userId: number, before?: number) =>
  api<MessageOut[]>(`/api/messages/conversation/${userId}${before ? `?before=${before}` : ""}`);

export const markRead = (userId: number) => api(`/api/messages/mark-read/${userId}`, { method: "POST" });

export const sendMessage = (body: { receiverId: number; content: string }) =>
  api<MessageOut>("/api/messages/send", { method: "POST", body });

export const deleteConversation = (userId: number) => api(`/api/messages/conversation/${userId}`, { method: "DELETE" });

export const blockUser = (userId: number) => api(`/api/users/block/${userId}`, { method: "POST" });

export const unblockUser = (userId: number) => api(`/api/users/block/${userId}`, { method: "DELETE" });
