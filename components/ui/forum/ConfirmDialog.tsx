import { useState } from "react";
import { Modal } from "../Dialog.tsx";

type Props = {
  title: string;
  message: string;
  confirmLabel: string;
  /** Resolves when done; the dialog then closes. A rejection keeps it open (the caller toasts). */
  onConfirm: () => Promise<void>;
  close: () => void;
};

/** "Delete this ...?" with Cancel and a red confirm button that shows it is working. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, close }: Props) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      close();
    } catch {
      setBusy(false);
    }
  }
  return (
    <Modal title={title} close={close} width="w-[min(28rem,92vw)]">
      <p className="mb-5 text-sm text-neutral-300">{message}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
        <button
          type="button"
          className="btn-primary bg-red-500 hover:bg-red-400"
          disabled={busy}
          onClick={confirm}
          data-testid="confirm-delete"
        >
          {busy ? "Deleting..." : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
