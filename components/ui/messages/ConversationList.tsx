import type { ConversationOut } from "../../../common/schemas/messages.ts";
import { badgeCount, listDate } from "./format.ts";
import { RowMenu } from "./RowMenu.tsx";

type Props = {
  conversations: ConversationOut[];
  openId: number | null;
  localDates: boolean;
  onOpen: (c: ConversationOut) => void;
  onDelete: (c: ConversationOut) => void;
  onBlock: (c: ConversationOut) => void;
};

/** The left column (spec part 2 §2 "Messages"): username, last-message date, last message, unread count, menu. */
export function ConversationList({ conversations, openId, localDates, onOpen, onDelete, onBlock }: Props) {
  if (conversations.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-neutral-400">
        No conversations yet. Open a member's profile to send them a message.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-neutral-800" data-testid="conversation-list">
      {conversations.map((c) => {
        const active = c.userId === openId;
        return (
          <li
            key={c.userId}
            data-conversation={c.userId}
            className={`flex items-center gap-1 pr-2 ${active ? "bg-neutral-800/70" : "hover:bg-neutral-900"}`}
          >
            <button
              type="button"
              onClick={() => onOpen(c)}
              aria-current={active ? "true" : undefined}
              className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left"
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-neutral-700 font-bold uppercase"
              >
                {c.username.charAt(0)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${c.unreadCount > 0 ? "font-semibold text-white" : "font-medium"}`}>{c.username}</span>
                  <time dateTime={c.lastMessageDate} className="shrink-0 text-xs text-neutral-400">
                    {listDate(c.lastMessageDate, localDates)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={`truncate text-sm ${c.unreadCount > 0 ? "text-neutral-200" : "text-neutral-400"}`}>{c.lastMessage}</span>
                  {c.unreadCount > 0 && (
                    <span
                      className="shrink-0 rounded-full bg-orange-600 px-1.5 text-xs leading-5 text-white"
                      aria-label={`${c.unreadCount} unread`}
                      data-testid="unread-count"
                    >
                      {badgeCount(c.unreadCount)}
                    </span>
                  )}
                </span>
              </span>
            </button>
            <RowMenu username={c.username} onDelete={() => onDelete(c)} onBlock={() => onBlock(c)} />
          </li>
        );
      })}
    </ul>
  );
}
