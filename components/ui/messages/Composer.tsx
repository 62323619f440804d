import type { KeyboardEvent } from "react";
import { isBlank, MESSAGE_MAX } from "../../../common/message_rules.ts";
import { Spinner } from "../Spinner.tsx";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  error: string | null;
  /** Who the message goes to (the field's label). */
  username: string;
  disabled?: boolean;
};

/** Shown once fewer than this many characters are left. */
const COUNTDOWN_FROM = 500;

/** The composer (spec part 2 §2): Enter sends, Shift+Enter inserts a new line; Send is disabled while blank. */
export function Composer({ value, onChange, onSend, sending, error, username, disabled }: Props) {
  const blank = isBlank(value);
  const left = MESSAGE_MAX - value.length;

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes, Enter confirms the composition, not the message.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!blank && !sending && !disabled) onSend();
  }

  return (
    <form
      className="border-t border-neutral-800 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && !sending) onSend();
      }}
    >
      {error && <p role="alert" className="mb-2 text-sm text-red-300" data-testid="send-error">{error}</p>}
      <div className="flex items-end gap-2">
        <textarea
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          rows={2}
          disabled={disabled}
          aria-label={`Message to ${username}`}
          placeholder="Write a message…"
          aria-describedby="composer-hint"
          className="field max-h-40 min-h-11 flex-1 resize-none"
        />
        <button type="submit" className="btn-primary h-11" disabled={blank || sending || disabled} aria-label="Send message">
          {sending ? <Spinner /> : (
            <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
              <path d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" />
            </svg>
          )}
          <span className="hidden sm:inline">Send</span>
        </button>
      </div>
      <p className="mt-1 flex justify-between gap-2 text-xs text-neutral-400">
        <span id="composer-hint" className="max-sm:sr-only">Enter sends · Shift+Enter for a new line</span>
        {left < COUNTDOWN_FROM && <span>{`${left} characters left`}</span>}
      </p>
    </form>
  );
}
