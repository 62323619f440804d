import { useState } from "react";
import { BAN_LENGTHS, BAN_REASON_MAX, type BanLength } from "../../../common/ban_rules.ts";
import { banSchema } from "../../../common/schemas/admin.ts";
import { firstError } from "../../../common/schemas/form.ts";
import { Modal } from "../Dialog.tsx";

/**
 * Asks for the reason the member reads when they try to sign in, and the length of the ban
 * (issue 34 point 4); closes once `submit` succeeds. The form checks with the route's schema.
 */
export default function BanDialog({ username, replacing, close, submit }: {
  username: string;
  /** A ban is in force: this one takes its place. */
  replacing: boolean;
  close: () => void;
  submit: (body: { reason: string; length: BanLength }) => Promise<boolean>;
}) {
  const [reason, setReason] = useState("");
  const [length, setLength] = useState<BanLength>("1d");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={replacing ? `Change the ban of ${username}` : `Ban ${username}`} close={close}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const checked = banSchema.safeParse({ reason, length });
          setError(firstError(checked));
          if (!checked.success) return;
          setBusy(true);
          if (await submit(checked.data)) close();
          else setBusy(false);
        }}
      >
        <p className="mb-3 text-sm text-neutral-300">
          {username}{" "}
          is signed out everywhere, their items leave every public place while the ban lasts, and they read this reason when they try to
          sign in.
        </p>
        <label htmlFor="ban-reason" className="mb-1 block text-sm font-medium">Reason</label>
        <textarea
          id="ban-reason"
          className="field min-h-[90px]"
          value={reason}
          maxLength={BAN_REASON_MAX}
          required
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="mt-1 text-right text-xs text-neutral-300">{reason.length}/{BAN_REASON_MAX}</p>
        <fieldset className="mt-2">
          <legend className="mb-1 text-sm font-medium">Length</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {BAN_LENGTHS.map((l) => (
              <label key={l.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="ban-length"
                  value={l.value}
                  className="size-4 accent-orange-500"
                  checked={length === l.value}
                  onChange={() => setLength(l.value)}
                />
                {l.label}
              </label>
            ))}
          </div>
        </fieldset>
        {error && <p role="alert" className="field-error">{error}</p>}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary bg-red-600 hover:bg-red-500" disabled={busy || !reason.trim()}>
            {replacing ? "Change ban" : "Ban"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
