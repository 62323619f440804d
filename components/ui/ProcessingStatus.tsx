import { useEffect } from "react";
import { ProgressBar } from "./ProgressBar.tsx";
import type { Processing } from "../../common/api_types.ts";
import { api } from "./api.ts";

/** What My Videos and the admin queue say while a video is being prepared, or why it failed. */
export const PROCESSING_TEXT = {
  queued: "Waiting to be processed",
  processing: "Processing",
  failed: "Processing failed",
  retryHint: "Please upload the file again, or try another format (MP4 or WebM).",
};

/** A processing item's state and percentage, or a failed one's reason and what to do; nothing once ready. */
export function ProcessingStatus({ processing, admin }: { processing?: Processing; admin?: boolean }) {
  if (!processing || processing.state === "ready") return null;
  if (processing.state === "failed") {
    return (
      <p role="alert" className="text-xs text-red-300" data-processing="failed">
        {PROCESSING_TEXT.failed}
        {processing.error ? `: ${processing.error}` : "."} {admin ? null : PROCESSING_TEXT.retryHint}
      </p>
    );
  }
  const pct = processing.state === "queued" ? 0 : processing.progress;
  return (
    <div className="flex items-center gap-2 text-xs text-sky-300" data-processing={processing.state}>
      <span>{processing.state === "queued" ? PROCESSING_TEXT.queued : `${PROCESSING_TEXT.processing} ${pct}%`}</span>
      <ProgressBar label="Processing" value={pct} track="h-1.5 rounded" fill="bg-sky-400" />
    </div>
  );
}

type WithProcessing = { id: number; processing?: Processing; thumbnail?: string };

const open = (p?: Processing) => !!p && (p.state === "queued" || p.state === "processing");

/**
 * While any listed item is queued or processing, asks `url` (a list of items with `processing`)
 * every 2 s and hands the fresh processing state (and poster) of those items to `update`.
 */
export function useProcessingPoll<T extends WithProcessing>(items: T[], url: string, update: (fresh: Map<number, WithProcessing>) => void) {
  const waiting = items.some((i) => open(i.processing));
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const list = await api<WithProcessing[] | { content: WithProcessing[] }>(url);
        if (!stopped) update(new Map((Array.isArray(list) ? list : list.content).map((i) => [i.id, i])));
      } catch { /* the next tick tries again */ }
    }, 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, url]);
}
