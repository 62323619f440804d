import { POST_STATUS_NOTE } from "../../common/moderation.ts";

/**
 * The mark on one's own comment or forum post that others do not see (issue 34): "Awaiting
 * review" while it is held, or hidden while reports are reviewed.
 */
export function PostStatusNote({ status }: { status?: "held" | "hidden" }) {
  if (!status) return null;
  return (
    <p
      className="mb-1 inline-flex items-center gap-1.5 rounded bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-200"
      data-testid="post-status"
    >
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      {`${POST_STATUS_NOTE[status]} · only you can see this`}
    </p>
  );
}
