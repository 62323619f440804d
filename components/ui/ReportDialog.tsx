import type { RefObject } from "react";
import { Dialog } from "./Dialog.tsx";
import { ReportForm } from "./ReportForm.tsx";

/**
 * An item's report dialog (spec part 1 §2, §5) around the report form it shares with comments and forum
 * posts (components/ui/ReportForm.tsx). The media page opens it from its Report button
 * (islands/ReportButton.tsx), a card's Report opens it in place (components/ui/card_reports.ts);
 * `dialogRef.current.showModal()` opens it.
 */
export function ReportDialog({ videoId, dialogRef }: { videoId: number; dialogRef: RefObject<HTMLDialogElement | null> }) {
  const close = () => dialogRef.current?.close();
  return (
    <Dialog dialogRef={dialogRef} title="Report Content" subtitle="Why are you reporting this content?" className="w-[min(28rem,92vw)]">
      <ReportForm url="/api/reports" extra={{ videoId }} idPrefix={`report-${videoId}`} done={close} cancel={close} />
    </Dialog>
  );
}
