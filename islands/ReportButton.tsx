import { useEffect, useRef } from "react";
import { Dialog, OpenDialogButton } from "../components/ui/Dialog.tsx";
import { ReportForm } from "../components/ui/ReportForm.tsx";

type Props = {
  videoId: number;
  /** On the detail page `?report=true` opens the dialog, then the parameter is removed. */
  openFromQuery?: boolean;
  compact?: boolean;
};

/** An item's Report button and dialog (spec part 1 §5, §6): the form is shared with comments and forum posts. */
export default function ReportButton({ videoId, openFromQuery, compact }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!openFromQuery) return;
    const url = new URL(location.href);
    if (url.searchParams.get("report") !== "true") return;
    url.searchParams.delete("report");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    dialog.current?.showModal();
  }, [openFromQuery]);

  const close = () => dialog.current?.close();
  return (
    <>
      <OpenDialogButton dialogRef={dialog} testId="report-button">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 22V4m0 0h13l-2 4 2 4H4" />
        </svg>
        {!compact && <span>Report</span>}
      </OpenDialogButton>
      <Dialog
        dialogRef={dialog}
        title="Report Content"
        subtitle="Why are you reporting this content?"
        className="w-[min(28rem,92vw)]"
      >
        <ReportForm url="/api/reports" extra={{ videoId }} idPrefix={`report-${videoId}`} done={close} cancel={close} />
      </Dialog>
    </>
  );
}
