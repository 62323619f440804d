/** Toasts are window events so any island can raise one without importing the Toaster. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A button in the toast (a card's mute offers Undo); it closes the toast. */
  action?: { label: string; onClick: () => void };
};

export const TOAST_EVENT = "dr:toast";
export const TOAST_CLEAR_EVENT = "dr:toast-clear";

declare global {
  /** Toasts raised before the Toaster island hydrated (islands hydrate in any order). */
  var __drToastQueue: ToastInput[] | undefined;
  /** Set while a Toaster listens for toast events. */
  var __drToasterReady: boolean | undefined;
}

export function toast(t: ToastInput) {
  if (!globalThis.__drToasterReady) {
    (globalThis.__drToastQueue ??= []).push(t);
    return;
  }
  globalThis.dispatchEvent(new CustomEvent<ToastInput>(TOAST_EVENT, { detail: t }));
}

/**
 * Closes the error toast on screen, if any: what it said no longer applies (a later success, a new
 * try, the form it was about closed; issue 36 point 15). A tab switch does so by itself (islands/Toaster.tsx).
 */
export function dismissErrorToast() {
  globalThis.__drToastQueue = globalThis.__drToastQueue?.filter((t) => t.variant !== "destructive");
  globalThis.dispatchEvent(new Event(TOAST_CLEAR_EVENT));
}

/** Called by the Toaster once it listens: marks it ready and hands over the queued toasts. */
export function takeQueuedToasts(): ToastInput[] {
  globalThis.__drToasterReady = true;
  const queued = globalThis.__drToastQueue ?? [];
  globalThis.__drToastQueue = [];
  return queued;
}

/** Called when the Toaster unmounts: later toasts queue again. */
export function toasterGone() {
  globalThis.__drToasterReady = false;
}
