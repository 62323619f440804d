import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { Dialog, OpenDialogButton } from "../components/ui/Dialog.tsx";
import { MEDIA_MSG, REPORT_DETAILS_MAX, REPORT_REASONS } from "../common/media_rules.ts";
import { firstError } from "../common/schemas/form.ts";
import { toast } from "../components/ui/toast.ts";

type Props = {
  videoId: number;
  /** On the detail page `?report=true` opens the dialog, then the parameter is removed. */
  openFromQuery?: boolean;
  compact?: boolean;
};

/** The payload schema (and zod/mini, ~8 KB gzipped) is fetched when the dialog opens, not with the page. */
const loadSchema = () => import("../common/schemas/reports.ts");

export default function ReportButton({ videoId, openFromQuery, compact }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [submitting, setSubmitting] = useState(false);
  /** The message waits until someone tries to send without a reason, not greeting the dialog's opening. */
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    if (!openFromQuery) return;
    const url = new URL(location.href);
    if (url.searchParams.get("report") !== "true") return;
    url.searchParams.delete("report");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    dialog.current?.showModal();
  }, [openFromQuery]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) setAttempted(true);
    if (!reason.trim() || submitting) return;
    setSubmitting(true);
    try {
      const body = { videoId, reason, details: details.trim() || undefined };
      const problem = firstError((await loadSchema()).reportSchema.safeParse(body));
      if (problem) return toast({ title: "Error", description: problem, variant: "destructive" });
      await api("/api/reports", { method: "POST", body });
      toast({ title: "Report Submitted", description: "Thank you for helping keep our platform safe." });
      setReason("");
      setDetails("");
      setAttempted(false);
      dialog.current?.close();
    } catch (err) {
      const msg = err instanceof ApiError && err.body?.error ? err.body.error : "Failed to submit report.";
      toast({ title: "Error", description: msg, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

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
        <form onSubmit={submit} onFocus={() => loadSchema().catch(() => {})} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Reason</legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r.value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-neutral-800 px-3 py-2 hover:bg-neutral-800"
              >
                <input
                  type="radio"
                  name="reason"
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                  className="accent-orange-500"
                />
                <span className="text-sm">{r.label}</span>
              </label>
            ))}
          </fieldset>
          {
            /* Submit stays disabled until a reason is picked (spec): aria-disabled, so that trying it anyway
              shows the spec's message, which the dialog does not show before anyone did anything. */
          }
          {attempted && !reason.trim() && (
            <p id={`report-reason-hint-${videoId}`} role="alert" className="-mt-2 text-sm text-orange-300">
              {MEDIA_MSG.reasonRequired}
            </p>
          )}
          <label className="flex flex-col gap-1 text-sm">
            <span>Additional details (optional)</span>
            <textarea
              name="details"
              value={details}
              maxLength={REPORT_DETAILS_MAX}
              onChange={(e) => setDetails(e.target.value)}
              className="field min-h-[100px]"
              placeholder="Tell us more about the problem"
            />
          </label>
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>Cancel</button>
            <button
              type="submit"
              className="btn-primary"
              disabled={submitting}
              aria-disabled={!reason.trim()}
              aria-describedby={attempted && !reason.trim() ? `report-reason-hint-${videoId}` : undefined}
            >
              {submitting ? "Submitting..." : "Submit Report"}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
