/** Toasts are window events so any island can raise one without importing the Toaster. */
export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

export const TOAST_EVENT = "dr:toast";

export function toast(t: ToastInput) {
  globalThis.dispatchEvent(new CustomEvent<ToastInput>(TOAST_EVENT, { detail: t }));
}
