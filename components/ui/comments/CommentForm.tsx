import { useState } from "react";
import { COMMENT_MAX } from "../../../common/media_rules.ts";

type Props = {
  id: string;
  label: string;
  placeholder: string;
  initial?: string;
  autoFocus?: boolean;
  submitLabel?: string;
  /** Sends the text: true when done (the field empties), or the message to show under it. */
  onSubmit: (text: string) => Promise<string | true>;
  onFocus?: () => void;
  onCancel?: () => void;
};

/** The comment box and the reply box under a comment (issue 43): one field, its error, Post (and Cancel for a reply). */
export function CommentForm({ id, label, placeholder, initial = "", autoFocus, submitLabel = "Post", onSubmit, onFocus, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (posting) return;
    setPosting(true);
    const result = await onSubmit(text).catch(() => "Could not add your comment. Please try again.");
    setPosting(false);
    if (result === true) {
      setText("");
      setError(null);
    } else setError(result);
  }

  return (
    <form onSubmit={submit} className="mb-6 flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">{label}</label>
      <textarea
        id={id}
        value={text}
        maxLength={COMMENT_MAX}
        onChange={(e) => setText(e.target.value)}
        onFocus={onFocus}
        placeholder={placeholder}
        className={`field ${onCancel ? "min-h-[70px]" : "min-h-[100px]"}`}
        aria-invalid={!!error}
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === "Escape" && onCancel) onCancel();
        }}
      />
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="flex justify-end gap-2">
        {onCancel && <button type="button" className="btn-secondary" onClick={onCancel}>Cancel</button>}
        <button type="submit" className="btn-primary" disabled={!text.trim() || posting}>{posting ? "Posting..." : submitLabel}</button>
      </div>
    </form>
  );
}
