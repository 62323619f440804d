/**
 * Follow / Following (issue 32) on a public profile, beside the uploader on a media page, and in the
 * Following tab's suggestions. Visitors get the plain button rendered without the island: it opens the
 * header's login-required dialog ("follow members") with no script. `followerCount`, when given, is shown
 * beside the button and moves with it. The island (islands/FollowButton.tsx) and the suggestions share it.
 */
import { useState } from "react";
import { api, ApiError } from "./api.ts";
import { Spinner } from "./Spinner.tsx";
import { toast } from "./toast.ts";
import { authHrefHere } from "../../common/return_to.ts";
import { FOLLOW_MSG, followersText, followingText } from "../../common/follow_rules.ts";
import type { FollowState } from "../../common/schemas/follows.ts";

export type FollowButtonProps = {
  userId: number;
  username: string;
  following: boolean;
  signedIn: boolean;
  followerCount?: number | null;
  /** Shown before the follower count (the profile card): the two counts stay on one line. */
  followingCount?: number | null;
  /** "small" beside a name (media page, suggestions); "page" on the profile card. */
  size?: "page" | "small";
  /** The profile's address: the counts link to its /followers and /following (issue 43 point 2). */
  listsHref?: string | null;
  /** Told after each change (not a prop the server passes: islands that render the button use it). */
  onChange?: (following: boolean) => void;
};

const base = "inline-flex items-center justify-center gap-1.5 rounded-lg font-semibold transition-colors disabled:opacity-60";
const sizes = { page: "h-10 min-w-28 px-4 text-sm", small: "h-8 min-w-24 px-3 text-xs" };
const looks = {
  follow: "bg-orange-500 text-black hover:bg-orange-400",
  following: "border border-neutral-600 text-neutral-100 hover:border-red-400 hover:text-red-300",
};

export function FollowButton(
  { userId, username, following: first, signedIn, followerCount = null, followingCount = null, size = "page", onChange, listsHref = null }:
    FollowButtonProps,
) {
  const [following, setFollowing] = useState(first);
  const [count, setCount] = useState(followerCount);
  const [pending, setPending] = useState(false);

  async function toggle() {
    setPending(true);
    const unfollowing = following;
    try {
      const res = await api<FollowState>(`/api/users/${userId}/follow`, { method: unfollowing ? "DELETE" : "POST" });
      setFollowing(res.following);
      setCount(res.followerCount);
      onChange?.(res.following);
      toast({ title: res.following ? `You follow ${username}` : `You no longer follow ${username}` });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return location.assign(authHrefHere());
      const fallback = unfollowing ? FOLLOW_MSG.unfollowFailed : FOLLOW_MSG.followFailed;
      toast({ title: e instanceof ApiError && e.body?.error ? e.body.error : fallback, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  const label = following ? "Following" : "Follow";
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-2">
      {count !== null && <FollowCounts followers={count} following={followingCount} listsHref={listsHref} />}
      <button
        type="button"
        {
          // Visitors (rendered without the island): the header's login-required dialog, named by data-login-action.
          ...(signedIn ? { onClick: toggle } : { popoverTarget: "login-required", "data-login-action": FOLLOW_MSG.loginAction })
        }
        disabled={pending}
        aria-pressed={signedIn ? following : undefined}
        data-testid="follow-button"
        className={`${base} ${sizes[size]} ${following ? looks.following : looks.follow}`}
      >
        {pending ? <Spinner /> : label}
        <span className="sr-only">{` ${username}`}</span>
      </button>
    </span>
  );
}

/**
 * "4 following · 12 followers", kept on one line (the profile card shows it with or without the button); with
 * `listsHref` (a profile's address) each count links to its list (issue 43 point 2).
 */
export function FollowCounts(
  { followers, following = null, listsHref = null }: { followers: number; following?: number | null; listsHref?: string | null },
) {
  const count = (text: string, testId: string, list: string) =>
    listsHref
      ? <a href={`${listsHref}/${list}`} className="hover:text-white hover:underline" data-testid={testId}>{text}</a>
      : <span data-testid={testId}>{text}</span>;
  return (
    <span className="whitespace-nowrap text-sm text-neutral-300">
      {following !== null && (
        <>
          {count(followingText(following), "following-count", "following")}
          <span aria-hidden="true" className="px-2 text-neutral-600">·</span>
        </>
      )}
      {count(followersText(followers), "follower-count", "followers")}
    </span>
  );
}
