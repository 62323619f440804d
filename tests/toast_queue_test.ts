import assert from "node:assert/strict";
import { takeQueuedToasts, toast, TOAST_EVENT, toasterGone, type ToastInput } from "../components/ui/toast.ts";

Deno.test("[unit] a toast raised before the Toaster listens is queued, then handed over; later ones are events", () => {
  toasterGone();
  const seen: ToastInput[] = [];
  const on = (e: Event) => seen.push((e as CustomEvent<ToastInput>).detail);
  globalThis.addEventListener(TOAST_EVENT, on);
  try {
    toast({ title: "Early" });
    assert.deepEqual(seen, [], "no Toaster yet: nothing dispatched");
    assert.deepEqual(takeQueuedToasts(), [{ title: "Early" }]);
    assert.deepEqual(takeQueuedToasts(), [], "drained once");
    toast({ title: "Later", variant: "destructive" });
    assert.deepEqual(seen, [{ title: "Later", variant: "destructive" }]);
  } finally {
    globalThis.removeEventListener(TOAST_EVENT, on);
    toasterGone();
  }
});
