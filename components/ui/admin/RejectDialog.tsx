import { useState } from "react";
import { REJECT_REASON_MAX } from "../../../common/admin_rules.ts";
import { firstError } from "../../../common/schemas/form.ts";
import { rejectSchema } from "../../../common/schemas/admin.ts";
import { Modal } from "./parts.tsx";

/** Asks for the reason the uploader will see (one reason for every item rejected at once); closes once `submit` succeeds. */
export default function RejectDialog({ what, close, submit, title = "Reject content", note }: {
  /** What is rejected: "“Title”", or "3 items". */
  what: string;
  /** Another use (a sign-up, issue 41): its title and what becomes of it. */
  title?: string;
  note?: string;
  close: () => void;
  submit: (reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={title} close={close}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const checked = rejectSchema.safeParse({ reason });
          setError(firstError(checked));
          if (!checked.success) return;
          setBusy(true);
          if (await submit(checked.data.reason)) close();
          else setBusy(false);
        }}
      >
        <p className="mb-3 text-sm text-neutral-300">
          Rejecting {what}. {note ?? "The uploader sees this reason in My Videos."}
        </p>
        <label htmlFor="reject-reason" className="mb-1 block text-sm font-medium">Reason</label>
        <textarea
          id="reject-reason"
          className="field min-h-[100px]"
          value={reason}
          maxLength={REJECT_REASON_MAX}
          required
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="mt-1 text-right text-xs text-neutral-400">{reason.length}/{REJECT_REASON_MAX}</p>
        {error && <p role="alert" className="field-error">{error}</p>}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy || !reason.trim()}>Reject</button>
        </div>
      </form>
    </Modal>
  );
}
