import { useState } from "react";
import { Spinner } from "../components/ui/Spinner.tsx";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import type { LikeStatus } from "../common/api_types.ts";
import { authHrefHere } from "../common/return_to.ts";

type Props = {
  videoId: number;
  initialLiked: boolean;
  initialCount: number;
  signedIn: boolean;
  /** Texts differ by place (spec part 1 §8): the detail page, the modal viewer or a card. */
  variant?: "page" | "viewer" | "card";
};

const TEXTS = {
  page: {
    likeError: ["Error liking content", "Could not like this content. Please try again."],
    unlikeError: ["Error removing like", "Could not remove your like. Please try again."],
  },
  viewer: {
    likeError: ["Error", "Could not process your like. Please try again."],
    unlikeError: ["Error", "Could not process your like. Please try again."],
  },
  card: {
    likeError: ["Error adding like", "Please try again later."],
    unlikeError: ["Error removing like", "Please try again later."],
  },
} as const;

/**
 * Opens the header's login-required dialog (rendered for visitors). A page rendered for a
 * member has none: when the session expired meanwhile, go to the sign-in page instead.
 */
export function openLoginRequired(action = "like content"): boolean {
  const el = document.getElementById("login-required") as (HTMLElement & { showPopover?: () => void }) | null;
  if (el?.showPopover) {
    const text = el.querySelector("[data-login-action-text]");
    if (text) text.textContent = action;
    el.showPopover();
    return true;
  }
  location.assign(authHrefHere());
  return false;
}

export default function LikeButton({ videoId, initialLiked, initialCount, signedIn, variant = "page" }: Props) {
  const [liked, setLiked] = useState(initialLiked);
  const [count, setCount] = useState(initialCount);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (!signedIn) return openLoginRequired();
    setPending(true);
    const unliking = liked;
    try {
      const res = await api<LikeStatus>(`/api/videos/${videoId}/like`, { method: unliking ? "DELETE" : "POST" });
      setLiked(res.isLiked);
      setCount(res.count);
      toast({ title: unliking ? "Like removed" : variant === "card" ? "You liked this content" : "Content liked" });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && !openLoginRequired()) return;
      const [title, fallback] = TEXTS[variant][unliking ? "unlikeError" : "likeError"];
      const serverMsg = e instanceof ApiError ? e.body?.error : undefined;
      toast({ title, description: variant === "page" && serverMsg ? serverMsg : fallback, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={pending}
      aria-pressed={liked}
      data-testid="like-button"
      className={`inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors disabled:opacity-60 ${
        liked ? "border-orange-500 bg-orange-500/15 text-orange-300" : "border-neutral-700 text-neutral-100 hover:bg-neutral-800"
      }`}
    >
      {pending ? <Spinner /> : (
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill={liked ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8Z" />
        </svg>
      )}
      <span>{liked ? "Liked" : "Like"}</span>
      <span data-testid="like-count" className="tabular-nums">{count}</span>
    </button>
  );
}
