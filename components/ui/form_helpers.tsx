/** Helpers of server-posted forms that islands take over (the sign-in forms). */
import { type ReactNode, type RefObject, useEffect } from "react";

/**
 * Keeps what was typed before hydration: once mounted, any field whose value in the page differs
 * from the state (the visitor typed while the script loaded) is taken into the state.
 */
export function useTypedBeforeHydration<T extends Record<string, string | boolean>>(
  form: RefObject<HTMLFormElement | null>,
  setValues: (update: (v: T) => T) => void,
) {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    setValues((v) => {
      const typed: Record<string, string | boolean> = {};
      for (const [name, current] of Object.entries(v)) {
        const input = el.elements.namedItem(name);
        if (!(input instanceof HTMLInputElement) || input.type === "hidden") continue;
        const now = input.type === "checkbox" ? input.checked : input.value;
        if (now !== current) typed[name] = now;
      }
      return Object.keys(typed).length ? { ...v, ...typed } : v;
    });
  }, []);
}

/** A labelled field with its error line. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-200">{label}</label>
      {children}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
