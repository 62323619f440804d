import type { PointerEventHandler, ReactNode, Ref, SyntheticEvent } from "react";
import type { ContentItem } from "../../common/api_types.ts";
import { TAGS_IN_FEED } from "../../common/feed_rules.ts";
import { formatDuration, hasDuration, splitTags } from "../../common/format.ts";
import { Spinner } from "./Spinner.tsx";
import { profileHref } from "../../common/profile_rules.ts";

/** The fields of a content item a card shows; a full ContentItem fits. */
export type CardItem =
  & Pick<
    ContentItem,
    | "id"
    | "slug"
    | "title"
    | "contentType"
    | "thumbnail"
    | "videoUrl"
    | "youtubeId"
    | "duration"
    | "tags"
    | "categoryName"
    | "aiGenerator"
    | "uploaderName"
    | "likes"
  >
  & {
    /** Links the uploader by id when the username alone would read as one (see profileHref). */
    uploaderId?: number;
    /** The viewer's like, when the server knows it (else the card asks on first use). */
    isLiked?: boolean;
  };

/** Trims a content item to what a card needs (island props stay small). */
export function toCardItem(item: CardItem): CardItem {
  const { id, slug, title, contentType, thumbnail, videoUrl, youtubeId, duration, tags, categoryName, aiGenerator, uploaderName, likes } =
    item;
  const card: CardItem = {
    id,
    slug,
    title,
    contentType,
    thumbnail,
    videoUrl,
    youtubeId,
    duration,
    tags,
    categoryName,
    aiGenerator,
    uploaderName,
    likes,
  };
  if (item.uploaderId !== undefined) card.uploaderId = item.uploaderId;
  if (item.isLiked !== undefined) card.isLiked = item.isLiked;
  return card;
}

export type PlaybackState = "idle" | "loading" | "ready" | "error";

export type MediaCardProps = {
  item: CardItem;
  /** "feed" shows at most 2 tags, "card" at most 3 (plus the +N overflow count). */
  variant?: "feed" | "card";
  /** Visitors' Like opens the login-required dialog the Header renders for them. */
  signedIn?: boolean;
  /** Cards in the first screen load their image at once; the rest lazily. */
  eager?: boolean;
  /** Interactive parts, supplied by islands; a server-only card leaves them out. */
  thumbnailSrc?: string;
  onThumbnailError?: (e: SyntheticEvent<HTMLImageElement>) => void;
  thumbnailRef?: Ref<HTMLImageElement>;
  videoRef?: Ref<HTMLVideoElement>;
  cardRef?: Ref<HTMLElement>;
  onPointerEnter?: PointerEventHandler<HTMLElement>;
  onPointerLeave?: PointerEventHandler<HTMLElement>;
  playing?: boolean;
  playback?: PlaybackState;
  /** The media (poster or video) failed: shows `errorText` (the featured card's message). */
  mediaFailed?: boolean;
  errorText?: string;
  muted?: boolean;
  onToggleMute?: () => void;
  likes?: number;
  /** The viewer likes this item (shown as a pressed, filled heart). */
  liked?: boolean;
  liking?: boolean;
  onLike?: () => void;
  /** The title link opens the modal viewer (islands/MediaModal.tsx) instead of navigating. */
  opensViewer?: boolean;
  /** Extra class names for the outer element (a featured card is larger). */
  className?: string;
  headingLevel?: "h2" | "h3";
};

const chip = "rounded-full bg-neutral-800 px-2 py-0.5 text-xs text-neutral-300";
const action =
  "relative z-10 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-neutral-300 hover:bg-neutral-800 hover:text-white disabled:opacity-60";

/**
 * A media card (spec part 1 §2 "Media card"): thumbnail with duration badge, title, uploader,
 * AI generator, category, tags, Like and Report. The whole card opens /media/{slug} through a
 * stretched title link; the uploader link and the buttons sit above it.
 */
export function MediaCard(p: MediaCardProps) {
  const { item } = p;
  const tags = splitTags(item.tags);
  const maxTags = p.variant === "card" ? 3 : TAGS_IN_FEED;
  const duration = hasDuration(item.duration) ? formatDuration(item.duration) : null;
  const href = `/media/${item.slug}`;
  const likes = p.likes ?? item.likes;
  const Heading = p.headingLevel ?? "h3";
  const thumb = p.thumbnailSrc ?? item.thumbnail;
  const isVideo = item.contentType === "video" && !!item.videoUrl;
  return (
    <article
      ref={p.cardRef}
      data-card={item.id}
      data-type={item.contentType}
      data-playing={p.playing ? "" : undefined}
      onPointerEnter={p.onPointerEnter}
      onPointerLeave={p.onPointerLeave}
      className={`group relative flex flex-col overflow-hidden rounded-xl border border-neutral-800/60 bg-neutral-900 ${p.className ?? ""}`}
    >
      <div className="relative aspect-video overflow-hidden bg-neutral-800">
        {isVideo
          ? (
            <video
              ref={p.videoRef}
              src={item.videoUrl!}
              poster={thumb}
              preload="none"
              muted
              playsInline
              loop
              width={640}
              height={360}
              aria-label={item.title}
              className="absolute inset-0 h-full w-full object-cover"
            />
          )
          : (
            <img
              ref={p.thumbnailRef}
              src={thumb}
              onError={p.onThumbnailError}
              alt=""
              width={640}
              height={360}
              loading={p.eager ? "eager" : "lazy"}
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
            />
          )}
        {item.contentType === "embed" && (
          <span className="absolute top-2 left-2 rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white">YouTube</span>
        )}
        {duration && (
          <span
            className="absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
            data-testid="duration"
          >
            {duration}
          </span>
        )}
        {p.playback === "loading" && (
          <span role="status" aria-label="Loading" className="absolute inset-0 m-auto h-8 w-8 text-white">
            <Spinner size={32} />
          </span>
        )}
        {(p.playback === "error" || (p.mediaFailed && p.errorText)) && (
          <span className="absolute inset-x-2 top-2 rounded bg-black/75 px-2 py-1 text-xs text-red-300" role="status">
            {p.errorText ?? "Playback error"}
          </span>
        )}
        {p.playing && p.onToggleMute && (
          <button
            type="button"
            onClick={p.onToggleMute}
            aria-label={p.muted ? "Unmute" : "Mute"}
            className="absolute top-2 right-2 z-10 rounded-full bg-black/70 px-2 py-1 text-sm text-white hover:bg-black"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M11 5 6 9H3v6h3l5 4z" fill="currentColor" />
              {p.muted ? <path d="m16 9 5 6m0-6-5 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />}
            </svg>
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Heading className="line-clamp-1 text-[15px] font-semibold">
          <a
            href={href}
            data-open-media={p.opensViewer ? item.id : undefined}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:underline"
          >
            {item.title}
          </a>
        </Heading>
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-neutral-400">
          <a
            href={profileHref({ id: item.uploaderId, username: item.uploaderName ?? "" })}
            className="relative z-10 truncate hover:text-white"
          >
            {item.uploaderName}
          </a>
          <span aria-hidden="true">·</span>
          <span className="truncate" data-testid="generator">{item.aiGenerator || "AI Artist"}</span>
        </p>
        <div className="flex min-h-6 flex-wrap items-center gap-1">
          {item.categoryName && <span className={`${chip} bg-orange-500/15 text-orange-300`}>{item.categoryName}</span>}
          {tags.slice(0, maxTags).map((t) => <span key={t} className={chip}>#{t}</span>)}
          {tags.length > maxTags && <span className={chip}>+{tags.length - maxTags}</span>}
        </div>
        <div className="mt-auto flex items-center gap-1 pt-1">
          {p.signedIn
            ? (
              <button
                type="button"
                onClick={p.onLike}
                disabled={p.liking}
                className={`${action} ${p.liked ? "text-orange-400" : ""}`}
                aria-pressed={!!p.liked}
              >
                {p.liking ? <Spinner size={14} /> : <Heart />} <span className="sr-only">Like</span>{" "}
                <span className="tabular-nums">{likes}</span>
              </button>
            )
            : (
              <button type="button" popoverTarget="login-required" className={action}>
                <Heart /> <span className="sr-only">Like</span> <span className="tabular-nums">{likes}</span>
              </button>
            )}
          <a href={`${href}?report=true`} className={`${action} ml-auto`} rel="nofollow">
            <Flag /> Report
          </a>
        </div>
      </div>
    </article>
  );
}

function Heart(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="currentColor" aria-hidden="true">
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z" />
    </svg>
  );
}

function Flag(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="currentColor" aria-hidden="true">
      <path d="M5 3h2v18H5zM8 4h10l-2 4 2 4H8z" />
    </svg>
  );
}
