import { useEffect, useRef } from "react";

/**
 * Calls `poll` every `everyMs` while the tab is visible: a hidden tab makes no calls, and
 * coming back polls at once, then on the interval again.
 */
export function useVisiblePolling(poll: () => void, everyMs: number) {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => timer !== undefined && clearInterval(timer);
    const start = () => {
      stop();
      timer = setInterval(() => latest.current(), everyMs);
    };
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return stop();
      latest.current();
      start();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [everyMs]);
}
