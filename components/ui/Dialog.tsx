import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { CloseIcon } from "./icons.tsx";

type Props = {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** A line under the heading. */
  subtitle?: string;
  /** Size and extra classes of the <dialog>, e.g. its width. */
  className: string;
  /** A click on the backdrop closes the dialog unless this is false. */
  closeOnBackdrop?: boolean;
  onClose?: () => void;
  children: ReactNode;
};

/** A modal <dialog> (opened with `dialogRef.current.showModal()`) with a heading and a close button. */
export function Dialog({ dialogRef, title, subtitle, className, closeOnBackdrop = true, onClose, children }: Props) {
  const close = () => dialogRef.current?.close();
  return (
    <dialog
      ref={dialogRef}
      aria-label={title}
      onClose={onClose}
      onClick={closeOnBackdrop ? (e) => e.target === dialogRef.current && close() : undefined}
      className={`m-auto rounded-xl border border-neutral-800 bg-neutral-900 p-6 text-neutral-100 shadow-2xl backdrop:bg-black/70 ${className}`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          {subtitle && <p className="mt-1 text-sm text-neutral-400">{subtitle}</p>}
        </div>
        <button type="button" aria-label="Close" onClick={close} className="rounded px-2 text-neutral-400 hover:text-white">
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** The outlined button (an icon and a label) that opens a dialog. */
export function OpenDialogButton(
  { dialogRef, testId, children }: { dialogRef: RefObject<HTMLDialogElement | null>; testId: string; children: ReactNode },
) {
  return (
    <button
      type="button"
      onClick={() => dialogRef.current?.showModal()}
      data-testid={testId}
      className="inline-flex items-center gap-2 rounded-lg border border-neutral-700 px-3 py-2 text-sm font-medium text-neutral-100 hover:bg-neutral-800"
    >
      {children}
    </button>
  );
}

/** A modal `<dialog>` that opens when mounted; closing it (Escape included) calls `close`, which unmounts it. */
export function Modal({ title, close, children, width = "w-[min(36rem,94vw)]" }: {
  title: string;
  close: () => void;
  children: ReactNode;
  width?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={close}
      className={`m-auto ${width} rounded-xl border border-neutral-800 bg-neutral-900 p-6 text-neutral-100 shadow-2xl backdrop:bg-black/70`}
    >
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </dialog>
  );
}
