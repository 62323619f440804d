import { type ReactNode, type RefObject } from "react";
import { profileHref } from "../../../common/profile_rules.ts";
import type { MessageOut } from "../../../common/schemas/messages.ts";
import { messageTime } from "./format.ts";
import { RowMenu } from "./RowMenu.tsx";
import { Spinner } from "../Spinner.tsx";

type Partner = { id: number; username: string };

type Props = {
  partner: Partner;
  meId: number;
  messages: MessageOut[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  blockedByMe: boolean;
  localDates: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  onBack: () => void;
  onLoadOlder: () => void;
  onDelete: () => void;
  onBlock: () => void;
  onUnblock: () => void;
  /** The composer, below the messages. */
  children: ReactNode;
};

/** The open conversation (spec part 2 §2 "Messages", right column): header, messages oldest first, composer. */
export function Thread(p: Props) {
  const { partner } = p;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="thread" data-with={partner.id}>
      <div className="flex items-center gap-2 border-b border-neutral-800 px-2 py-2 sm:px-4">
        <button
          type="button"
          onClick={p.onBack}
          aria-label="Back to conversations"
          className="flex h-9 w-9 items-center justify-center rounded-full text-neutral-300 hover:bg-neutral-800 md:hidden"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="m15 18-6-6 6-6" />
          </svg>
        </button>
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-neutral-700 font-bold uppercase"
        >
          {partner.username.charAt(0)}
        </span>
        <h2 className="min-w-0 flex-1 truncate font-semibold">
          <a href={profileHref(partner)} className="hover:underline">{partner.username}</a>
        </h2>
        <RowMenu username={partner.username} blocked={p.blockedByMe} onDelete={p.onDelete} onBlock={p.onBlock} onUnblock={p.onUnblock} />
      </div>
      {p.blockedByMe && (
        <p className="border-b border-neutral-800 bg-neutral-900 px-4 py-2 text-sm text-neutral-300" role="status">
          {`You have blocked ${partner.username}. They cannot message you until you unblock them.`}
        </p>
      )}
      <div ref={p.scrollRef} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5" data-testid="thread-messages">
        {p.hasOlder && (
          <div className="mb-4 text-center">
            <button type="button" className="btn-secondary text-xs" onClick={p.onLoadOlder} disabled={p.loadingOlder}>
              {p.loadingOlder && <Spinner size={14} />} Load earlier messages
            </button>
          </div>
        )}
        {p.loading
          ? (
            <div className="flex justify-center py-10 text-neutral-400">
              <Spinner size={24} />
            </div>
          )
          : p.messages.length === 0
          ? <p className="py-10 text-center text-sm text-neutral-400">{`No messages yet. Say hello to ${partner.username}!`}</p>
          : (
            <ol className="flex flex-col gap-2" aria-label={`Messages with ${partner.username}`}>
              {p.messages.map((m) => {
                const mine = m.senderId === p.meId;
                return (
                  <li
                    key={m.id}
                    data-message={m.id}
                    data-mine={mine ? "" : undefined}
                    className={`flex ${mine ? "justify-end" : "justify-start"}`}
                  >
                    <div
                      className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%] ${
                        mine ? "rounded-br-sm bg-orange-500 text-black" : "rounded-bl-sm bg-neutral-800 text-neutral-100"
                      }`}
                    >
                      <p className="whitespace-pre-wrap wrap-anywhere text-[15px] leading-snug" data-testid="message-content">
                        {m.content}
                      </p>
                      <time
                        dateTime={m.createdAt}
                        className={`mt-1 block text-right text-[11px] ${mine ? "text-black/70" : "text-neutral-400"}`}
                      >
                        {messageTime(m.createdAt, p.localDates)}
                      </time>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
      </div>
      {p.children}
    </div>
  );
}
