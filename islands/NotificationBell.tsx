import { useCallback, useEffect, useState } from "react";
import { api } from "../components/ui/api.ts";
import { useVisiblePolling } from "../components/ui/messages/useVisiblePolling.ts";
import { BELL_POLL_MS } from "../common/notification_rules.ts";
import { badgeText } from "./AccountMenu.tsx";

/**
 * The header's bell (issue 33 point 6), members only: a link to /notifications (it works without script)
 * with the unread count, asked for on load and then only while the tab is visible, like the messages screen.
 */
export default function NotificationBell({ initial = 0 }: { initial?: number }) {
  const [unread, setUnread] = useState(initial);
  const load = useCallback(async () => {
    try {
      setUnread((await api<{ unreadCount: number }>("/api/notifications/unread-count")).unreadCount);
    } catch {
      // A failed count keeps the last one (spec part 1 §8: counts fail silently).
    }
  }, []);
  useEffect(() => {
    if (document.visibilityState === "visible") load();
  }, [load]);
  useVisiblePolling(load, BELL_POLL_MS);
  return <BellLink unread={unread} />;
}

export function BellLink({ unread }: { unread: number }) {
  return (
    <a
      href="/notifications"
      data-testid="notification-bell"
      className="relative flex h-9 w-9 items-center justify-center rounded-full text-neutral-300 hover:bg-neutral-800"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="sr-only">{`Notifications${unread > 0 ? `, ${unread} unread` : ""}`}</span>
      {unread > 0 && (
        <span
          data-testid="notification-badge"
          aria-hidden="true"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-orange-500 px-1 text-center text-[10px] font-semibold leading-5 text-black ring-2 ring-neutral-950"
        >
          {badgeText(unread)}
        </span>
      )}
    </a>
  );
}
