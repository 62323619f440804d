import type { ReactNode } from "react";
import { CloseIcon } from "./ui/icons.tsx";

/**
 * A dialog opened by `<button popoverTarget={id}>` with the browser's Popover API:
 * light dismiss, Escape and focus return work with no script at all.
 */
export function PopoverDialog({ id, title, children, wide }: { id: string; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-label={title}
      className={`fixed inset-0 m-auto h-fit max-h-[85vh] ${
        wide ? "w-[min(44rem,92vw)]" : "w-[min(28rem,92vw)]"
      } overflow-y-auto rounded-xl border border-neutral-800 bg-neutral-900 p-6 text-neutral-100 shadow-2xl backdrop:bg-black/70`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 className="text-lg font-semibold">{title}</h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          className="rounded px-2 text-neutral-400 hover:text-white"
          aria-label="Close"
        >
          <CloseIcon />
        </button>
      </div>
      {children}
    </div>
  );
}
