import { useEffect, useRef, useState } from "react";
import { modalSizes } from "../common/image_sources.ts";
import type { ContentItem, LikeStatus } from "../common/api_types.ts";
import { mediaFileUrl, placeholderUrl } from "../common/media_urls.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { api } from "../components/ui/api.ts";
import { CloseIcon } from "../components/ui/icons.tsx";

type Props = { signedIn: boolean };

/**
 * What the viewer shows an item with, fetched on the first open together with the item: the home
 * page hydrates this island for every visitor, most of whom never open it (about 2 KB brotli).
 */
type Parts = {
  LikeButton: typeof import("./LikeButton.tsx").default;
  MediaPlayer: typeof import("./MediaPlayer.tsx").default;
  YouTubeEmbed: typeof import("../components/ui/YouTubeEmbed.tsx").YouTubeEmbed;
};
let parts: Promise<Parts> | null = null;
function loadParts(): Promise<Parts> {
  parts ??= Promise.all([import("./LikeButton.tsx"), import("./MediaPlayer.tsx"), import("../components/ui/YouTubeEmbed.tsx")])
    .then(([like, player, youtube]) => ({ LikeButton: like.default, MediaPlayer: player.default, YouTubeEmbed: youtube.YouTubeEmbed }));
  parts.catch(() => (parts = null)); // a failed load is tried again on the next open
  return parts;
}

type State =
  | { status: "closed" }
  | { status: "loading"; id: number }
  | { status: "error"; id: number }
  | ({ status: "ready"; item: ContentItem; parts: Parts } & LikeStatus);

/**
 * The modal viewer (spec part 1 §2, home page). Any element with `data-open-media="{id}"`
 * opens it; with JS off such an element (a link to /media/...) simply navigates.
 */
export default function MediaModal({ signedIn }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<State>({ status: "closed" });

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const el = (e.target as Element | null)?.closest?.("[data-open-media]");
      const id = Number(el?.getAttribute("data-open-media"));
      if (!el || !Number.isSafeInteger(id) || id < 1) return;
      e.preventDefault();
      open(id);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Each open (and each close) starts a new request generation: a late answer for an item
  // that is no longer the one opened is dropped.
  const generation = useRef(0);

  async function open(id: number) {
    const gen = ++generation.current;
    setState({ status: "loading", id });
    dialog.current?.showModal();
    const likeCall = signedIn ? api<LikeStatus>(`/api/videos/${id}/like`).catch(() => null) : null;
    try {
      const [item, viewerParts] = await Promise.all([api<ContentItem>(`/api/videos/${id}`), loadParts()]);
      // The like status is extra: without it the item still shows, with its public count.
      const like = (await likeCall) ?? { isLiked: false, count: item.likes };
      if (gen !== generation.current) return;
      setState({ status: "ready", item, parts: viewerParts, isLiked: like.isLiked, count: like.count });
    } catch {
      if (gen !== generation.current) return;
      setState({ status: "error", id });
    }
  }

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      aria-label={state.status === "ready" ? state.item.title : "Video viewer"}
      data-testid="media-modal"
      onClose={() => {
        generation.current++;
        setState({ status: "closed" });
      }}
      onClick={(e) => e.target === dialog.current && close()}
      className="m-auto w-[min(64rem,96vw)] max-h-[92vh] overflow-y-auto rounded-xl border border-neutral-800 bg-neutral-950 p-0 text-neutral-100 shadow-2xl backdrop:bg-black/80"
    >
      <button
        type="button"
        onClick={close}
        aria-label="Close"
        className="absolute right-3 top-3 z-10 rounded-full bg-neutral-900/80 px-3 py-1 text-neutral-300 hover:text-white"
      >
        <CloseIcon />
      </button>
      {state.status === "loading" && (
        <div className="flex aspect-video items-center justify-center">
          <Spinner size={32} />
        </div>
      )}
      {state.status === "error" && (
        <div className="p-10 text-center" role="alert">
          <p className="text-lg font-semibold">Failed to load video</p>
          <p className="mt-1 text-neutral-400">Sorry, this video could not be loaded.</p>
        </div>
      )}
      {state.status === "ready" && <Viewer {...state} signedIn={signedIn} />}
    </dialog>
  );
}

function Viewer(
  { item, isLiked, count, signedIn, parts: { LikeButton, MediaPlayer, YouTubeEmbed } }: {
    item: ContentItem;
    signedIn: boolean;
    parts: Parts;
  } & LikeStatus,
) {
  return (
    <div>
      {item.contentType === "embed" ? <YouTubeEmbed youtubeId={item.youtubeId} title={item.title} /> : (
        <MediaPlayer
          kind={item.contentType}
          src={mediaFileUrl(item)}
          sources={item.sources}
          images={item.imageSources}
          sizes={modalSizes(item.width && item.height ? item.width / item.height : null)}
          poster={item.thumbnail}
          placeholder={placeholderUrl(item.id)}
          title={item.title}
          width={item.width}
          height={item.height}
          duration={item.duration}
        />
      )}
      <div className="flex flex-col gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 wrap-anywhere">
            <h2 className="text-xl font-bold">
              <a href={`/media/${item.slug}`} className="hover:underline">{item.title}</a>
            </h2>
            <p className="text-sm text-neutral-400">
              {item.views.toLocaleString("en-US")} views · by{" "}
              <a href={`/user/${item.userId}`} className="text-orange-400 underline underline-offset-2 hover:text-orange-300">
                {item.uploaderName}
              </a>
            </p>
          </div>
          <LikeButton videoId={item.id} initialLiked={isLiked} initialCount={count} signedIn={signedIn} variant="viewer" />
        </div>
        {item.description && <p className="whitespace-pre-wrap wrap-anywhere text-sm text-neutral-200">{item.description}</p>}
        <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="text-neutral-400">AI generator</dt>
          <dd className="wrap-anywhere">{item.aiGenerator || "AI Artist"}</dd>
          <dt className="text-neutral-400">Prompt</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere">{item.prompt || "No prompt provided"}</dd>
        </dl>
      </div>
    </div>
  );
}
