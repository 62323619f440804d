import { useEffect, useRef, useState } from "react";
import { takeQueuedToasts, TOAST_EVENT, toasterGone, type ToastInput } from "../components/ui/toast.ts";

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
    globalThis.addEventListener(TOAST_EVENT, onToast);
    globalThis.addEventListener("keydown", onKey);
    // Toasts raised before this island hydrated: one at a time, so the newest shows.
    const queued = takeQueuedToasts();
    if (queued.length) show(queued[queued.length - 1]);
    return () => {
      toasterGone();
      globalThis.removeEventListener(TOAST_EVENT, onToast);
      globalThis.removeEventListener("keydown", onKey);
    };
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const destructive = current?.variant === "destructive";
  return (
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col outline-none"
    >
      {current && (
        <li
          key={current.key}
          role={destructive ? "alert" : "status"}
          aria-live={destructive ? "assertive" : "polite"}
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
          <div className="flex-1">
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
          </div>
          <button type="button" aria-label="Dismiss" onClick={() => setCurrent(null)} className="text-sm opacity-70 hover:opacity-100">
            ✕
          </button>
        </li>
      )}
    </ol>
  );
}
