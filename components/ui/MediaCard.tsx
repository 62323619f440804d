import type { PointerEventHandler, ReactNode, Ref, SyntheticEvent } from "react";
import type { ContentItem, ImageSource } from "../../common/api_types.ts";
import { cardPicture } from "../../common/image_sources.ts";
import { TAGS_IN_FEED } from "../../common/feed_rules.ts";
import { formatDuration, hasDuration, splitTags } from "../../common/format.ts";
import { tagHref } from "../../common/tag_rules.ts";
import { Spinner } from "./Spinner.tsx";
import { profileHref } from "../../common/profile_rules.ts";
import type { MuteTarget } from "./card_mutes.ts";
import { CardMenu } from "./CardMenu.tsx";

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
    /** The clip a card plays on hover and touch (never the full file once it exists). */
    previewUrl?: string | null;
    /** That clip has a sound track: the card offers Unmute only then (issue 35). */
    previewSound?: boolean;
    /** The poster for 2x screens (`srcset`). */
    thumbnail2x?: string | null;
    /** A still image's renditions as the thumbnail's `srcset` (issue 35); `thumbnail` is then the smallest. */
    thumbnailSet?: string | null;
    /** Links the uploader by id when the username alone would read as one (see profileHref). */
    uploaderId?: number;
    /** The viewer's like, when the server knows it (else the card asks on first use). */
    isLiked?: boolean;
  };

/** Trims a content item to what a card needs (island props stay small); an image's renditions become its srcset. */
export function toCardItem(item: CardItem & { imageSources?: ImageSource[] }): CardItem {
  const {
    id,
    slug,
    title,
    contentType,
    thumbnail,
    thumbnail2x,
    videoUrl,
    previewUrl,
    youtubeId,
    duration,
    tags,
    categoryName,
    aiGenerator,
    uploaderName,
    likes,
  } = item;
  const picture = contentType === "image" && item.imageSources ? cardPicture(item.imageSources) : null;
  const card: CardItem = {
    id,
    slug,
    title,
    contentType,
    thumbnail: picture?.thumbnail ?? thumbnail,
    thumbnail2x: thumbnail2x ?? null,
    videoUrl,
    previewUrl: previewUrl ?? null,
    previewSound: !!item.previewSound,
    youtubeId,
    duration,
    tags,
    categoryName,
    aiGenerator,
    uploaderName,
    likes,
  };
  const thumbnailSet = picture?.thumbnailSet ?? item.thumbnailSet;
  if (thumbnailSet) card.thumbnailSet = thumbnailSet;
  if (item.uploaderId !== undefined) card.uploaderId = item.uploaderId;
  if (item.isLiked !== undefined) card.isLiked = item.isLiked;
  return card;
}

/** A card is the full width of a phone, else at most ~400 CSS px (the featured one twice that). */
const POSTER_SIZES = "(max-width: 640px) 100vw, 400px";

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
  /** A member's clock button (issue 43 point 6): the item is in their Watch later (pressed). */
  watchLater?: boolean;
  watchLaterBusy?: boolean;
  onWatchLater?: () => void;
  /** A member's "⋯" menu entry (components/ui/card_mutes.ts); the menu shows for members only. */
  onMute?: (t: MuteTarget) => void;
  /** The viewer uploaded this item: the menu has no "Mute @themselves" entry. */
  own?: boolean;
  /** The title link opens the modal viewer (islands/MediaModal.tsx) instead of navigating. */
  opensViewer?: boolean;
  /** Extra class names for the outer element (a featured card is larger). */
  className?: string;
  headingLevel?: "h2" | "h3";
};

/**
 * A media card (spec part 1 §2 "Media card"): thumbnail with duration badge, title, uploader,
 * AI generator, category, tags, Like and Report. The whole card opens /media/{slug} through a
 * stretched title link; the uploader link and the buttons sit above it. Its classes are the
 * `card-*` components of components/styles.css: a page holds up to 19 cards, and the Tailwind
 * utility lists made ~2.6 KB of HTML per card.
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
  // The preview clip, muted until Unmute (offered only when it has sound); it has its own poster only when no sized WebP poster is drawn under it.
  const clip = (poster?: string) => (
    <video
      ref={p.videoRef}
      src={item.previewUrl ?? item.videoUrl!}
      poster={poster}
      preload="none"
      muted
      playsInline
      loop
      width={640}
      height={360}
      aria-label={item.title}
      className="card-fill"
    />
  );
  return (
    <article
      ref={p.cardRef}
      data-card={item.id}
      data-type={item.contentType}
      data-playing={p.playing ? "" : undefined}
      onPointerEnter={p.onPointerEnter}
      onPointerLeave={p.onPointerLeave}
      className={p.className ? `card group ${p.className}` : "card group"}
    >
      <div className="card-media">
        {isVideo && item.thumbnail2x && !p.mediaFailed
          ? (
            // A processed video: the WebP poster in two sizes under a muted preview clip, which has no
            // poster of its own (a video element cannot pick a size) and shows its frames over it when playing.
            <>
              <img
                ref={p.thumbnailRef}
                src={thumb}
                srcSet={thumb === item.thumbnail ? `${item.thumbnail} 400w, ${item.thumbnail2x} 800w` : undefined}
                sizes={POSTER_SIZES}
                onError={p.onThumbnailError}
                alt=""
                width={640}
                height={360}
                loading={p.eager ? "eager" : "lazy"}
                decoding="async"
                className="card-fill"
              />
              {clip()}
            </>
          )
          : isVideo
          ? clip(thumb)
          : (
            <img
              ref={p.thumbnailRef}
              src={thumb}
              srcSet={item.thumbnailSet && thumb === item.thumbnail ? item.thumbnailSet : undefined}
              sizes={item.thumbnailSet && thumb === item.thumbnail ? POSTER_SIZES : undefined}
              onError={p.onThumbnailError}
              alt=""
              width={640}
              height={360}
              loading={p.eager ? "eager" : "lazy"}
              decoding="async"
              className="card-fill card-zoom"
            />
          )}
        {item.contentType === "embed" && <span className="card-yt">YouTube</span>}
        {duration && <span className="card-duration" data-testid="duration">{duration}</span>}
        {p.playback === "loading" && <span className="card-spinner" role="status" aria-label="Loading" />}
        {(p.playback === "error" || (p.mediaFailed && p.errorText)) && (
          <span className="card-error" role="status">
            {p.errorText ?? "Playback error"}
          </span>
        )}
        {p.playing && p.onToggleMute && item.previewSound && (
          <button
            type="button"
            onClick={p.onToggleMute}
            aria-label={p.muted ? "Unmute" : "Mute"}
            className="card-mute"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M11 5 6 9H3v6h3l5 4z" fill="currentColor" />
              {p.muted ? <path d="m16 9 5 6m0-6-5 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />}
            </svg>
          </button>
        )}
      </div>
      <div className="card-body">
        <Heading className="card-title">
          <a href={href} data-open-media={p.opensViewer ? item.id : undefined} className="card-link">{item.title}</a>
        </Heading>
        <p className="card-meta">
          <a href={profileHref({ id: item.uploaderId, username: item.uploaderName ?? "" })} className="card-uploader">
            {item.uploaderName}
          </a>
          <span aria-hidden="true">·</span>
          <span className="truncate" data-testid="generator">{item.aiGenerator || "AI Artist"}</span>
        </p>
        <div className="card-chips">
          {item.categoryName && <span className="chip chip-cat">{item.categoryName}</span>}
          {tags.slice(0, maxTags).map((t) => <a key={t} href={tagHref(t)} className="chip">{`#${t}`}</a>)}
          {tags.length > maxTags && <span className="chip">{`+${tags.length - maxTags}`}</span>}
        </div>
        <div className="card-actions">
          {p.signedIn
            ? (
              <button
                type="button"
                onClick={p.onLike}
                disabled={p.liking}
                className={p.liked ? "card-action text-orange-400" : "card-action"}
                aria-pressed={!!p.liked}
              >
                {p.liking ? <Spinner size={14} /> : <Heart />} <span className="sr-only">Like</span>{" "}
                <span className="tabular-nums">{likes}</span>
              </button>
            )
            : (
              <button type="button" popoverTarget="login-required" data-login-action="like content" className="card-action">
                <Heart /> <span className="sr-only">Like</span> <span className="tabular-nums">{likes}</span>
              </button>
            )}
          {p.signedIn && p.onWatchLater && (
            <button
              type="button"
              onClick={p.onWatchLater}
              disabled={p.watchLaterBusy}
              className={p.watchLater ? "card-action text-sky-400" : "card-action"}
              aria-pressed={!!p.watchLater}
              aria-label="Watch later"
              title={p.watchLater ? "In Watch later" : "Watch later"}
              data-watch-later={item.id}
            >
              {p.watchLaterBusy
                ? <Spinner size={14} />
                : <span className={p.watchLater ? "icon i-clock-on" : "icon i-clock"} aria-hidden="true" />}
            </button>
          )}
          <a href={`${href}?report=true`} data-report={item.id} className="card-action ml-auto" rel="nofollow">
            <Flag /> Report
          </a>
          {p.signedIn && <CardMenu id={`cm-${p.variant ?? "feed"}-${item.id}`} item={item} own={p.own} onMute={p.onMute} />}
        </div>
      </div>
    </article>
  );
}

/** Icons drawn by CSS masks (components/styles.css): a card repeats them, inline SVG cost ~450 bytes each time. */
function Heart(): ReactNode {
  return <span className="icon i-heart" aria-hidden="true" />;
}

function Flag(): ReactNode {
  return <span className="icon i-flag" aria-hidden="true" />;
}
