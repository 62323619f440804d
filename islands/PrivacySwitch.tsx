import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

type Props = {
  /** The PATCH /api/user field it sets (issue 43): follow lists shown to others, or watch history paused. */
  field: "showFollows" | "historyPaused";
  initial: boolean;
  label: string;
  description: string;
  /** The toasts after turning it on and off. */
  onText: string;
  offText: string;
};

/** A switch saved at once (PATCH /api/user), put back if the save fails: /profile's follow lists, /history's pause. */
export default function PrivacySwitch({ field, initial, label, description, onText, offText }: Props) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function flip() {
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      await api("/api/user", { method: "PATCH", body: { [field]: next } });
      toast({ title: next ? onText : offText });
    } catch (err) {
      setOn(!next);
      toast({ title: err instanceof ApiError ? err.message : "Could not save. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex items-start justify-between gap-4" data-testid={`switch-${field}`}>
      <div className="min-w-0">
        <p className="font-medium" id={`${field}-label`}>{label}</p>
        <p className="text-sm text-neutral-400">{description}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${field}-label`}
        disabled={busy}
        onClick={flip}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
          on ? "bg-orange-500" : "bg-neutral-700"
        }`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white transition-transform ${on ? "translate-x-6" : "translate-x-1"}`} />
      </button>
    </div>
  );
}
