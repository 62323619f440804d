import { useState } from "react";
import { api, ApiError } from "./api.ts";
import { Modal } from "./Dialog.tsx";
import { MEDIA_MSG, REPORT_DETAILS_MAX, REPORT_REASONS } from "../../common/media_rules.ts";
import { firstError } from "../../common/schemas/form.ts";
import { toast } from "./toast.ts";

/** The payload schemas (and zod/mini, ~8 KB gzipped) are fetched when a report form is first used, not with the page. */
export const loadReportSchemas = () => import("../../common/schemas/reports.ts");

type Props = {
  /** Where the report goes: `/api/reports` for an item, a post's own `/report` path otherwise. */
  url: string;
  /** What the item report adds to the body (its `videoId`); posts name themselves in the path. */
  extra?: Record<string, unknown>;
  /** Makes the form's ids unique on a page with several. */
  idPrefix: string;
  done: () => void;
  cancel: () => void;
};

/**
 * The report form (spec part 1 §5, §6; issue 34 point 2 for comments and forum posts): one of the
 * five reasons, optional details, Submit stays disabled (aria) until a reason is picked.
 */
export function ReportForm({ url, extra, idPrefix, done, cancel }: Props) {
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [submitting, setSubmitting] = useState(false);
  /** The message waits until someone tries to send without a reason, not greeting the dialog's opening. */
  const [attempted, setAttempted] = useState(false);
  const hint = `${idPrefix}-reason-hint`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) setAttempted(true);
    if (!reason.trim() || submitting) return;
    setSubmitting(true);
    try {
      const body = { ...extra, reason, details: details.trim() || undefined };
      const schemas = await loadReportSchemas();
      const problem = firstError((extra ? schemas.reportSchema : schemas.postReportSchema).safeParse(body));
      if (problem) return toast({ title: "Error", description: problem, variant: "destructive" });
      await api(url, { method: "POST", body });
      toast({ title: "Report Submitted", description: "Thank you for helping keep our platform safe." });
      setReason("");
      setDetails("");
      setAttempted(false);
      done();
    } catch (err) {
      const msg = err instanceof ApiError && err.body?.error ? err.body.error : "Failed to submit report.";
      toast({ title: "Error", description: msg, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} onFocus={() => loadReportSchemas().catch(() => {})} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Reason</legend>
        {REPORT_REASONS.map((r) => (
          <label
            key={r.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-neutral-800 px-3 py-2 hover:bg-neutral-800"
          >
            <input
              type="radio"
              name={`${idPrefix}-reason`}
              value={r.value}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
              className="accent-orange-500"
            />
            <span className="text-sm">{r.label}</span>
          </label>
        ))}
      </fieldset>
      {attempted && !reason.trim() && (
        <p id={hint} role="alert" className="-mt-2 text-sm text-orange-300">
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
        <button type="button" className="btn-secondary" onClick={cancel}>Cancel</button>
        <button
          type="submit"
          className="btn-primary"
          disabled={submitting}
          aria-disabled={!reason.trim()}
          aria-describedby={attempted && !reason.trim() ? hint : undefined}
        >
          {submitting ? "Submitting..." : "Submit Report"}
        </button>
      </div>
    </form>
  );
}

/** The report dialog of a comment or a forum post, open while mounted (issue 34 point 2). */
export function ReportPostDialog({ title, url, idPrefix, close }: { title: string; url: string; idPrefix: string; close: () => void }) {
  return (
    <Modal title={title} close={close} width="w-[min(28rem,92vw)]">
      <p className="-mt-2 mb-4 text-sm text-neutral-400">Why are you reporting this?</p>
      <ReportForm url={url} idPrefix={idPrefix} done={close} cancel={close} />
    </Modal>
  );
}

/** The small "Report" text button of a comment or forum post. */
export const ReportLink = ({ onClick, label }: { onClick: () => void; label: string }) => (
  <button type="button" onClick={onClick} aria-label={label} className="shrink-0 text-xs text-neutral-400 hover:text-white hover:underline">
    Report
  </button>
);
