/** The forum island's effects that touch the page itself: the clock of relative times and the address's fragment. */
import { useEffect, useRef, useState } from "react";
import { forumHref, threadAnchor, threadIdFromHash } from "../../../common/forum_rules.ts";

/** "Now" for relative times: the server's render time first (so hydration matches), then the browser's clock, every minute. */
export function useNow(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(tick);
  }, []);
  return now;
}

/**
 * `/forum#thread-{id}` opens that thread (at load and when the fragment changes); a thread that is
 * not among the loaded ones is loaded by its own address, `/forum?thread={id}`.
 */
export function useThreadFromHash(loadedIds: number[], open: (id: number) => void) {
  const latest = useRef({ loadedIds, open });
  latest.current = { loadedIds, open };
  useEffect(() => {
    function openFromHash() {
      const id = threadIdFromHash(location.hash);
      if (id === null) return;
      if (!latest.current.loadedIds.includes(id)) {
        if (new URLSearchParams(location.search).get("thread") !== String(id)) {
          location.replace(`${forumHref({ thread: id })}#${threadAnchor(id)}`);
        }
        return;
      }
      latest.current.open(id);
      requestAnimationFrame(() => document.getElementById(threadAnchor(id))?.scrollIntoView({ block: "start" }));
    }
    openFromHash();
    addEventListener("hashchange", openFromHash);
    return () => removeEventListener("hashchange", openFromHash);
  }, []);
}
