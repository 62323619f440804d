import { Modal } from "../Dialog.tsx";

export type PendingAction = { kind: "delete" | "block"; user: { id: number; username: string } };

const TEXT = {
  delete: {
    title: "Delete conversation?",
    body: (name: string) => `The conversation with ${name} disappears from your messages. ${name} keeps their copy.`,
    confirm: "Delete",
  },
  block: {
    title: "Block user?",
    body: (name: string) =>
      `${name} will no longer be able to send you messages, and the conversation leaves your list. You can unblock them from their profile.`,
    confirm: "Block",
  },
};

/** Asks before a conversation is deleted or its member blocked. */
export function ConfirmAction({ action, onConfirm, onCancel }: { action: PendingAction; onConfirm: () => void; onCancel: () => void }) {
  const t = TEXT[action.kind];
  return (
    <Modal title={t.title} close={onCancel} width="w-[min(28rem,94vw)]">
      <p className="mb-6 text-sm text-neutral-300">{t.body(action.user.username)}</p>
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>Cancel</button>
        <button
          type="button"
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500"
          onClick={onConfirm}
        >
          {t.confirm}
        </button>
      </div>
    </Modal>
  );
}
