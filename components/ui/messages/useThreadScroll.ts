import { useLayoutEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 80;

type Plan = { kind: "bottom" } | { kind: "keep"; fromBottom: number } | null;

/**
 * Where the thread scrolls after the next change of `messages`: to the end (opening, sending,
 * new mail while the reader is at the end) or kept in place (older messages added on top).
 */
export function useThreadScroll(messages: unknown, loading: boolean) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const plan = useRef<Plan>({ kind: "bottom" });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    const next = plan.current;
    if (!el || !next) return;
    el.scrollTop = next.kind === "bottom" ? el.scrollHeight : el.scrollHeight - next.fromBottom;
    plan.current = null;
  }, [messages, loading]);

  return {
    scrollRef,
    toBottom: () => (plan.current = { kind: "bottom" }),
    keepPlace: () => {
      const el = scrollRef.current;
      plan.current = { kind: "keep", fromBottom: el ? el.scrollHeight - el.scrollTop : 0 };
    },
    /** To the end only if the reader already was there (new mail must not yank them from older messages). */
    followIfAtEnd: () => {
      const el = scrollRef.current;
      if (el && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) plan.current = { kind: "bottom" };
    },
  };
}
