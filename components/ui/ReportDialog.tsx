import { type RefObject, useState } from "react";
import { api, ApiError } from "./api.ts";
import { Dialog } from "./Dialog.tsx";
import { MEDIA_MSG, REPORT_DETAILS_MAX, REPORT_REASONS } from "../../common/media_rules.ts";
import { firstError } from "../../common/schemas/form.ts";
import { toast } from "./toast.ts";

/** The payload schema (and zod/mini, ~8 KB gzipped) is fetched when the dialog opens, not with the page. */
const loadSchema = () => import("../../common/schemas/reports.ts");

/**
 * The report dialog (spec part 1 §2, §5): a reason, optional details, Submit. The media page opens it
 * from its Report button (islands/ReportButton.tsx), a card's Report opens it in place
 * (components/ui/card_reports.ts); `dialogRef.current.showModal()` opens it.
 */
export function ReportDialog({ videoId, dialogRef }: { videoId: number; dialogRef: RefObject<HTMLDialogElement | null> }) {
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [submitting, setSubmitting] = useState(false);
  /** The message waits until someone tries to send without a reason, not greeting the dialog's opening. */
  const [attempted, setAttempted] = useState(false);

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
      dialogRef.current?.close();
    } catch (err) {
      const msg = err instanceof ApiError && err.body?.error ? err.body.error : "Failed to submit report.";
      toast({ title: "Error", description: msg, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog dialogRef={dialogRef} title="Report Content" subtitle="Why are you reporting this content?" className="w-[min(28rem,92vw)]">
      <form
        onSubmit={submit}
        onFocus={() =>
          loadSchema().catch(() => {})}
        className="flex flex-col gap-4"
      >
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
            onChange={(e) =>
              setDetails(e.target.value)}
            className="field min-h-[100px]"
            placeholder="Tell us more about the problem"
          />
        </label>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              dialogRef.current?.close()}
          >
            Cancel
          </button>
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
  );
}
