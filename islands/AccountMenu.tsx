import { useEffect, useState } from "react";
import { api } from "../components/ui/api.ts";
import type { AdminCounts, UnreadCount } from "../common/api_types.ts";
import { toast } from "../components/ui/toast.ts";
import { UNREAD_CHANGED_EVENT } from "../common/message_rules.ts";
import { VerifyEmailNotice } from "../components/ui/profile/VerifyEmailNotice.tsx";
import { ADMIN_COUNTS_EVENT } from "../common/admin_counts.ts";
import { profileHref } from "../common/profile_rules.ts";

type Props = {
  username: string;
  isAdmin: boolean;
  /** True when the member has an address they have not proved yet: the menu offers the link again. */
  verifyEmail?: boolean;
};

const UNREAD_POLL_MS = 60_000;
const ADMIN_POLL_MS = 30_000;

/** Counts fail silently to zero (spec part 1 §8). */
async function countOr0(load: () => Promise<number>) {
  try {
    return await load();
  } catch {
    return 0;
  }
}

export const badgeText = (n: number) => (n > 9 ? "9+" : String(n));

export default function AccountMenu({ username, isAdmin, verifyEmail = false }: Props) {
  const [unread, setUnread] = useState(0);
  const [moderation, setModeration] = useState(0);

  useEffect(() => {
    const loadUnread = async () => setUnread(await countOr0(async () => (await api<UnreadCount>("/api/messages/unread/count")).count));
    // One small call for both queues (the spec's "Admin counts"), not the two full lists.
    const loadModeration = async () =>
      setModeration(
        await countOr0(async () => {
          const counts = await api<AdminCounts>("/api/admin/counts");
          return counts.pendingCount + counts.reportedCount;
        }),
      );
    loadUnread();
    const timers = [setInterval(loadUnread, UNREAD_POLL_MS)];
    if (isAdmin) {
      loadModeration();
      timers.push(setInterval(loadModeration, ADMIN_POLL_MS));
    }
    // The messages screen says when it marked a conversation read (or new mail was seen there).
    addEventListener(UNREAD_CHANGED_EVENT, loadUnread);
    // The admin dashboard's fresh counts, after each moderation action there.
    const onCounts = (e: Event) => {
      const n = (e as CustomEvent<AdminCounts>).detail;
      setModeration(n.pendingCount + n.reportedCount);
    };
    if (isAdmin) addEventListener(ADMIN_COUNTS_EVENT, onCounts);
    return () => {
      timers.forEach(clearInterval);
      removeEventListener(UNREAD_CHANGED_EVENT, loadUnread);
      removeEventListener(ADMIN_COUNTS_EVENT, onCounts);
    };
  }, [isAdmin]);

  async function logout() {
    try {
      await api("/api/logout", { method: "POST" });
      location.href = "/";
    } catch (e) {
      toast({ title: "Logout failed", description: (e as Error).message, variant: "destructive" });
    }
  }

  const badge = unread + (isAdmin ? moderation : 0);
  return (
    <>
      <button
        type="button"
        popoverTarget="account-menu"
        className="relative flex h-9 w-9 items-center justify-center rounded-full bg-orange-500 text-sm font-bold uppercase text-black"
      >
        {/* Named by a hidden text, not an aria-label the visible letter is not part of (WCAG 2.5.3). */}
        <span data-testid="avatar" aria-hidden="true">{username.charAt(0).toUpperCase()}</span>
        <span className="sr-only">{`Account menu for ${username}${badge > 0 ? `, ${badge} new` : ""}`}</span>
        {badge > 0 && (
          <span
            data-testid="account-badge"
            aria-hidden="true"
            className="absolute -right-2 -top-1.5 min-w-5 rounded-full bg-orange-500 px-1 text-[10px] font-semibold leading-5 text-black ring-2 ring-neutral-950"
          >
            {badgeText(badge)}
          </span>
        )}
      </button>
      <div id="account-menu" popover="auto" className="menu-popover">
        <p className="border-b border-neutral-800 px-3 py-2 text-xs text-neutral-400">
          Signed in as <b className="text-neutral-100">{username}</b>
        </p>
        {verifyEmail && <VerifyEmailNotice compact />}
        <a href="/profile" className="menu-item">Profile</a>
        <a href="/my-videos" className="menu-item">My Videos</a>
        <a href="/liked" className="menu-item">Liked</a>
        {/* Forum and Create leave the header below 640 px: the menu carries them there. */}
        <a href="/forum" className="menu-item sm:hidden">Forum</a>
        <button type="button" popoverTarget="create-dialog" className="menu-item w-full text-left sm:hidden">Create</button>
        <a href="/my-messages" className="menu-item">
          My Messages {unread > 0 && <span className="menu-badge">{badgeText(unread)}</span>}
        </a>
        <a href={`${profileHref({ username })}#collections`} className="menu-item">Collections</a>
        {isAdmin && (
          <a href="/admin" className="menu-item">
            Admin Dashboard {moderation > 0 && <span className="menu-badge">{badgeText(moderation)}</span>}
          </a>
        )}
        <button type="button" onClick={logout} className="menu-item w-full text-left">Logout</button>
      </div>
    </>
  );
}
