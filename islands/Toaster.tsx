import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { takeQueuedToasts, TOAST_CLEAR_EVENT, TOAST_EVENT, toasterGone, type ToastInput } from "../components/ui/toast.ts";

const DISPLAY_MS = 5000;
const SWIPE_PX = 50;

/** One toast at a time: a newer replaces the older; F8 focuses the viewport. */
/** `initial` is a toast the server carried over a navigation (login, logout). */
export default function Toaster({ initial }: { initial?: ToastInput | null }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(initial ? { ...initial, key: 0 } : null);
  const viewport = useRef<HTMLOListElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const show = (t: ToastInput) => setCurrent({ ...t, key: Date.now() + Math.random() });
    const onToast = (e: Event) => show((e as CustomEvent<ToastInput>).detail);
    const onKey = (e: KeyboardEvent) => e.key === "F8" && viewport.current?.focus();
    // An error toast that no longer applies closes (issue 36 point 15): on dismissErrorToast(), and
    // on a switch of tabs anywhere (the upload dialog's, sign-in's, the profile's, the admin's).
    const clearError = () => setCurrent((t) => (t?.variant === "destructive" ? null : t));
    const onTab = (e: Event) => e.target instanceof Element && e.target.closest('[role="tab"]') && clearError();
    globalThis.addEventListener(TOAST_EVENT, onToast);
    globalThis.addEventListener(TOAST_CLEAR_EVENT, clearError);
    document.addEventListener("click", onTab, true);
    globalThis.addEventListener("keydown", onKey);
    // Toasts raised before this island hydrated: one at a time, so the newest shows.
    const queued = takeQueuedToasts();
    if (queued.length) show(queued[queued.length - 1]);
    return () => {
      toasterGone();
      globalThis.removeEventListener(TOAST_EVENT, onToast);
      globalThis.removeEventListener(TOAST_CLEAR_EVENT, clearError);
      document.removeEventListener("click", onTab, true);
      globalThis.removeEventListener("keydown", onKey);
    };
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [current]);

  // Toasts must show above dialogs and stay clickable (issue 13 point 14). While a modal dialog
  // is open everything outside it is inert, so the list moves into the topmost one (a portal)
  // and back out when it closes; and it goes to the top layer as a manual popover, shown again
  // for each toast so it is the newest there (above the dialog and any open popover). Done
  // before paint, so the server-rendered toast never blinks.
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  // A dialog or popover that opens while a toast shows would cover it (issue 27 point 7): each
  // opening counts, and the list moves and goes to the top again.
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (!current) return;
    const bump = () => setOpened((n) => n + 1);
    const onToggle = (e: Event) => (e as ToggleEvent).newState === "open" && e.target !== viewport.current && bump();
    document.addEventListener("toggle", onToggle, true);
    const dialogs = new MutationObserver((records) => records.some((r) => (r.target as HTMLDialogElement).open) && bump());
    dialogs.observe(document.body, { subtree: true, attributeFilter: ["open"] });
    return () => {
      document.removeEventListener("toggle", onToggle, true);
      dialogs.disconnect();
    };
  }, [current]);
  useLayoutEffect(() => {
    if (!current) return;
    const modal = [...document.querySelectorAll("dialog")].filter((d) => d.open && d.matches(":modal")).at(-1) ?? null;
    setHost(modal);
  }, [current, opened]);
  useEffect(() => {
    if (!host) return;
    // Back out when the dialog closes, or is taken out of the page without closing (a Modal unmounts).
    const back = () => setHost(null);
    host.addEventListener("close", back);
    const gone = new MutationObserver(() => !host.isConnected && back());
    gone.observe(document.body, { childList: true, subtree: true });
    // The dialog may have closed or left the page before this effect ran (a dialog that closes as
    // it raises the toast, its island re-rendering in the same tick): then neither fires.
    if (!host.isConnected || !host.open) back();
    return () => {
      host.removeEventListener("close", back);
      gone.disconnect();
    };
  }, [host]);
  useLayoutEffect(() => {
    const el = viewport.current;
    // Not while the host dialog is already out of the page: the effect above moves the list back.
    if (!el || !current || !el.isConnected || !("showPopover" in el)) return;
    el.popover = "manual";
    if (el.matches(":popover-open")) el.hidePopover();
    el.showPopover();
  }, [current, host, opened]);

  const destructive = current?.variant === "destructive";
  const list = (
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-auto right-4 bottom-4 z-[100] m-0 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-visible border-0 bg-transparent p-0 outline-none"
    >
      {current && (
        // A list item holding the live region: the list's children stay list items (axe "list"; issue 36 point 17).
        <li
          key={current.key}
          data-toast={destructive ? "destructive" : "default"}
          onPointerDown={(e) => (swipeStart.current = e.clientX)}
          onPointerUp={(e) => {
            if (swipeStart.current !== null && e.clientX - swipeStart.current > SWIPE_PX) setCurrent(null);
            swipeStart.current = null;
          }}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-xl ${
            destructive ? "border-red-700 bg-red-900 text-white" : "border-neutral-700 bg-neutral-900 text-neutral-100"
          }`}
        >
          <div className="flex-1" role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"}>
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
          </div>
          {current.action && (
            <button
              type="button"
              onClick={() => {
                current.action!.onClick();
                setCurrent(null);
              }}
              className="rounded-md border border-neutral-600 px-2 py-1 text-sm font-semibold hover:bg-neutral-800"
            >
              {current.action.label}
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => setCurrent(null)} className="text-sm opacity-70 hover:opacity-100">
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      )}
    </ol>
  );
  return host ? createPortal(list, host) : list;
}
