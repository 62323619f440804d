import { useEffect, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { ReportDialog } from "./ReportDialog.tsx";

let root: Root | null = null;
let opens = 0;

/** Opens the report dialog for a card's item, in a root of its own at the end of the page (components/ui/card_reports.ts). */
export function openCardReport(videoId: number, from: HTMLElement) {
  if (!root) {
    const host = document.createElement("div");
    host.dataset.cardReport = "";
    document.body.append(host);
    root = createRoot(host);
  }
  // A new key each time: a fresh, empty form, even for the card reported a moment ago.
  root.render(<CardReport key={++opens} videoId={videoId} from={from} />);
}

function CardReport({ videoId, from }: { videoId: number; from: HTMLElement }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    el?.showModal();
    // Back to the card's Report link, as a dialog opened from it would (the link's card may have re-rendered since).
    const back = () => from.isConnected && from.focus({ preventScroll: true });
    el?.addEventListener("close", back);
    return () => el?.removeEventListener("close", back);
  }, []);
  return <ReportDialog videoId={videoId} dialogRef={dialog} />;
}
