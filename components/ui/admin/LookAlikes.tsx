import type { LookAlike, PendingItem } from "../../../common/api_types.ts";
import { distanceText } from "../../../common/look_alikes.ts";
import { formatDate } from "../../../common/format.ts";
import { MemberLink } from "./PostCells.tsx";

const STATUS: Record<LookAlike["status"], { label: string; tone: string }> = {
  pending: { label: "Pending", tone: "text-amber-300" },
  approved: { label: "Approved", tone: "text-emerald-400" },
  rejected: { label: "Rejected", tone: "text-red-400" },
  removed: { label: "Removed", tone: "text-red-400" },
};

/** "Rejected by mod · 3/14/2025", or just the state while it waits. */
function Decision({ l }: { l: LookAlike }) {
  const { label, tone } = STATUS[l.status];
  return (
    <span className={tone}>
      {label}
      {l.decidedBy && <>{" by "}{l.decidedBy.username}</>}
      {l.decidedAt && <>{" · "}{formatDate(l.decidedAt, "numeric")}</>}
    </span>
  );
}

function Thumb({ l }: { l: LookAlike }) {
  if (!l.thumbnail) {
    return <span className="grid h-[63px] w-28 place-items-center rounded bg-neutral-800 text-neutral-300">#{l.id} deleted</span>;
  }
  return (
    <img src={l.thumbnail} alt="" width={112} height={63} loading="lazy" className="h-[63px] w-28 rounded bg-neutral-800 object-cover" />
  );
}

/**
 * Under a pending item's title (issues 25 and 34): "matches removed item #N" when the upload was
 * held, and each look-alike (pending ones too) with its item linked to the admin view, its
 * uploader linked to their member page, its state and the decision taken, and how alike in words
 * with the bits in a tooltip.
 */
export default function LookAlikes({ item }: { item: PendingItem }) {
  if (!item.matchesRemovedId && !item.lookAlikes?.length) return null;
  return (
    <div className="mt-1 flex flex-col gap-1" data-look-alikes={item.id}>
      {item.matchesRemovedId != null && (
        <span className="w-fit rounded bg-red-900/60 px-1.5 py-0.5 text-xs font-medium text-red-200">
          Matches removed item #{item.matchesRemovedId}
        </span>
      )}
      {item.lookAlikes.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Looks like">
          {item.lookAlikes.map((l) => (
            <li key={l.id} className="flex w-32 flex-col gap-0.5 text-xs" data-look-alike={l.id}>
              {l.href
                ? (
                  <a href={l.href} target="_blank" rel="noopener" tabIndex={-1} aria-hidden="true">
                    <Thumb l={l} />
                  </a>
                )
                : <Thumb l={l} />}
              <span className="font-medium text-neutral-100" title={distanceText(l.distance)}>
                {l.likeness[0].toUpperCase() + l.likeness.slice(1)}
                <span className="sr-only">{` (${distanceText(l.distance)})`}</span>
              </span>
              {l.href
                ? (
                  <a href={l.href} target="_blank" rel="noopener" className="line-clamp-2 text-orange-300 underline wrap-anywhere">
                    #{l.id} {l.title}
                  </a>
                )
                : <span className="line-clamp-2 wrap-anywhere text-neutral-300">#{l.id} {l.title ?? ""}</span>}
              <span className="text-neutral-300">by {l.uploader ? <MemberLink user={l.uploader} /> : "unknown"}</span>
              <Decision l={l} />
              {l.reason ? <span className="line-clamp-2 text-neutral-300">{l.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
