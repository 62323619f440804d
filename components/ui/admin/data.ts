import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../api.ts";
import { toast } from "../toast.ts";

import type { CategoryOption } from "../../../common/api_types.ts";

export type { AdminItem, AdminUser } from "../../../common/api_types.ts";

/** A category of the Edit Video dialog's select. */
export type Category = Pick<CategoryOption, "id" | "name">;

export const post = (url: string, body?: unknown) => api(url, { method: "POST", body });

/** A success title, or one read from the server's answer (toggles report the state they reached). */
export type Success = string | ((answer: unknown) => string);

/** Runs an admin call with the spec's toasts: the success title, or 'Error' with the server's text. */
export async function act(call: () => Promise<unknown>, success: Success, after: () => void): Promise<boolean> {
  try {
    const answer = await call();
    toast({ title: typeof success === "string" ? success : success(answer) });
    return true;
  } catch (e) {
    toast({ title: "Error", description: (e as Error).message || "Something went wrong", variant: "destructive" });
    return false;
  } finally {
    after();
  }
}

export type Load<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

/** Fetches a list when the tab opens and again on reload(); keeps showing old rows while reloading. */
export function useLoad<T>(url: string) {
  const [state, setState] = useState<Load<T>>({ status: "loading" });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const data = await api<T>(url);
      if (mine === seq.current) setState({ status: "ready", data });
    } catch (e) {
      if (mine === seq.current) setState({ status: "error", message: (e as Error).message });
    }
  }, [url]);
  useEffect(() => {
    reload();
  }, [reload]);
  return [state, reload] as const;
}

/** A tab's row calls: one row at a time is busy (its buttons disabled) while its call runs; `after` follows each call. */
export type RowCalls = {
  busyId: number | null;
  run: (id: number, call: () => Promise<unknown>, success: Success) => void;
};

export function useRowCalls(after: () => void): RowCalls {
  const [busyId, setBusyId] = useState<number | null>(null);
  const run = (id: number, call: () => Promise<unknown>, success: Success) => {
    setBusyId(id);
    act(call, success, after).finally(() => setBusyId(null));
  };
  return { busyId, run };
}

/** The toggles' toasts follow the server's answer, so a stale list cannot toast the opposite of what happened. */
export const featuredToast = (answer: unknown) => (answer as { featured?: boolean })?.featured ? "Featured" : "Removed from featured";
export const banToast = (answer: unknown) =>
  (answer as { user?: { banned?: boolean } })?.user?.banned ? "User banned successfully" : "User unbanned successfully";
