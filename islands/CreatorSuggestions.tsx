/**
 * The Following tab with nothing to show (issue 32): why, and creators to follow (the most-liked uploaders
 * of the last 30 days the member does not follow yet), each with a Follow button. Once one is followed, a
 * button loads the tab again with their items.
 */
import { useState } from "react";
import { FollowButton } from "../components/ui/FollowButton.tsx";
import { profileHref } from "../common/profile_rules.ts";
import { SUGGESTION_DAYS } from "../common/follow_rules.ts";

type Creator = { id: number; username: string; likes: number };
type Props = { creators: Creator[]; followsAnyone: boolean };

export default function CreatorSuggestions({ creators, followsAnyone }: Props) {
  const [followed, setFollowed] = useState<Set<number>>(new Set());
  const mark = (id: number) => (on: boolean) =>
    setFollowed((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-3 px-1 py-12 text-center" data-testid="following-empty">
      <h2 className="text-xl font-semibold">{followsAnyone ? "Nothing here yet" : "You don't follow anyone yet"}</h2>
      <p className="text-neutral-400">
        {followsAnyone
          ? "The members you follow have not shared anything public yet. Their new videos and images will show here."
          : "Follow creators to see their newest videos and images here, newest first."}
      </p>
      {creators.length > 0
        ? (
          <>
            <h3 className="mt-6 self-start text-sm font-semibold uppercase tracking-wide text-neutral-400">Creators to follow</h3>
            <ul className="w-full divide-y divide-neutral-800 rounded-xl border border-neutral-800 bg-neutral-900 text-left">
              {creators.map((c) => (
                <li key={c.id} className="flex items-center gap-3 px-4 py-3" data-testid="suggested-creator">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-orange-500 font-bold uppercase text-black"
                  >
                    {c.username.charAt(0)}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <a href={profileHref(c)} className="truncate font-semibold hover:underline">{c.username}</a>
                    <span className="text-xs text-neutral-400">
                      {`${c.likes.toLocaleString("en-US")} ${c.likes === 1 ? "like" : "likes"} in the last ${SUGGESTION_DAYS} days`}
                    </span>
                  </span>
                  <FollowButton userId={c.id} username={c.username} following={false} signedIn size="small" onChange={mark(c.id)} />
                </li>
              ))}
            </ul>
          </>
        )
        : <p className="text-sm text-neutral-400">Open a creator's profile or one of their videos and choose Follow.</p>}
      {followed.size > 0 && <a href="/following" className="btn-primary mt-4">Show their items</a>}
    </section>
  );
}
