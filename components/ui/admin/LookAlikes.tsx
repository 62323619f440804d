import type { LookAlike, PendingItem } from "../../../common/api_types.ts";

const STATUS: Record<LookAlike["status"], { label: string; tone: string }> = {
  approved: { label: "Approved", tone: "text-emerald-400" },
  rejected: { label: "Rejected", tone: "text-red-400" },
  removed: { label: "Removed", tone: "text-red-400" },
};

/**
 * Under a pending item's title (issue 25): "matches removed item #N" when the upload was held, and
 * the look-alikes already decided, thumbnail beside thumbnail with the earlier decision and reason.
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
        <ul className="flex flex-wrap gap-2" aria-label="Looks like">
          {item.lookAlikes.map((l) => (
            <li key={l.id} className="flex w-28 flex-col gap-0.5 text-xs">
              {l.thumbnail
                ? (
                  <img
                    src={l.thumbnail}
                    alt=""
                    width={112}
                    height={63}
                    loading="lazy"
                    className="h-[63px] w-28 rounded bg-neutral-800 object-cover"
                  />
                )
                : <span className="grid h-[63px] w-28 place-items-center rounded bg-neutral-800 text-neutral-400">#{l.id} deleted</span>}
              <span className={STATUS[l.status].tone}>
                {STATUS[l.status].label} #{l.id} · {l.distance}/64
              </span>
              {l.reason ? <span className="line-clamp-2 text-neutral-400">{l.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
