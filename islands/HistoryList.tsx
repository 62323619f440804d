import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { formatDuration } from "../common/format.ts";

export type HistoryCard = {
  id: number;
  slug: string;
  title: string;
  thumbnail: string;
  seconds: number;
  duration: number | null;
  watchedAt: string;
};

/** /history's list (issue 43 point 5): each entry with its position and Remove; Clear history above. */
export default function HistoryList({ initial }: { initial: HistoryCard[] }) {
  const [entries, setEntries] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function run(path: string, after: () => void, done: string) {
    setBusy(true);
    try {
      await api(path, { method: "DELETE" });
      after();
      toast({ title: done });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Could not remove. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  if (entries.length === 0) {
    return <p className="py-12 text-center text-neutral-400" data-testid="history-empty">Videos you watch show up here.</p>;
  }
  return (
    <>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => confirm("Clear your whole watch history?") && run("/api/user/history", () => setEntries([]), "History cleared")}
          data-testid="history-clear"
        >
          Clear history
        </button>
      </div>
      <ul className="flex flex-col gap-3" data-testid="history-list">
        {entries.map((e) => (
          <li key={e.id} className="flex items-center gap-3 rounded-xl bg-neutral-900 p-2" data-history={e.id}>
            <a href={`/media/${e.slug}`} className="relative block w-36 shrink-0 overflow-hidden rounded-lg bg-neutral-800 sm:w-48">
              <img src={e.thumbnail} alt="" width={320} height={180} loading="lazy" className="aspect-video w-full object-cover" />
              {e.duration ? <Progress seconds={e.seconds} duration={e.duration} /> : null}
            </a>
            <div className="min-w-0 flex-1">
              <a href={`/media/${e.slug}`} className="line-clamp-2 font-semibold wrap-anywhere hover:underline">{e.title}</a>
              <p className="text-xs text-neutral-400">
                {`Stopped at ${formatDuration(Math.floor(e.seconds))}`}
                {e.duration ? ` of ${formatDuration(e.duration)}` : ""}
              </p>
            </div>
            <button
              type="button"
              className="btn-secondary shrink-0 px-3 py-1 text-sm"
              disabled={busy}
              aria-label={`Remove ${e.title} from history`}
              onClick={() =>
                run(`/api/user/history/${e.id}`, () => setEntries((l) => l.filter((x) => x.id !== e.id)), "Removed from history")}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** How far in: a bar along the thumbnail's foot. */
export function Progress({ seconds, duration }: { seconds: number; duration: number }) {
  const pct = Math.min(100, Math.max(2, (seconds / duration) * 100));
  return (
    <span className="absolute inset-x-0 bottom-0 h-1 bg-neutral-700" aria-hidden="true">
      <span className="block h-full bg-orange-500" style={{ width: `${pct.toFixed(1)}%` }} />
    </span>
  );
}
