/**
 * A MediaCard with the spec's card playback (part 1 §4, §9) and the feed's Like:
 * - videos start muted; an unmute button shows while playing, when the clip has sound (issue 35);
 * - desktop (a fine pointer that hovers): plays after the hover delay, pauses on leave;
 * - touch devices and tablets: only the card most inside the target zone plays, one at a time;
 * - embed thumbnails fall back through YouTube's quality levels, then to a placeholder; a video
 *   whose poster fails shows the placeholder too.
 */
import { useEffect, useRef, useState } from "react";
import { type CardItem, MediaCard, type PlaybackState } from "./MediaCard.tsx";
import { deviceFor, PLACEHOLDER_THUMB, PLAY_DELAY_MS, TARGET_ZONE, TEXT } from "../../common/feed_rules.ts";
import type { LikeStatus } from "../../common/api_types.ts";
import { YOUTUBE_THUMB_LEVELS, youtubeThumbnail } from "../../common/youtube.ts";
import { api, ApiError } from "./api.ts";
import { toast } from "./toast.ts";
import { muteFromCard } from "./card_mutes.ts";
import { useWatchLater } from "./watch_later.ts";

export type PlayableCardProps = {
  item: CardItem;
  signedIn: boolean;
  eager?: boolean;
  variant?: "feed" | "card";
  className?: string;
  headingLevel?: "h2" | "h3";
  opensViewer?: boolean;
  /** The viewer uploaded it (its menu cannot mute them). */
  own?: boolean;
  /** Shown when the media fails (the featured card: 'Failed to load featured video'). */
  errorText?: string;
};

const hoverDevice = () => matchMedia("(hover: hover) and (pointer: fine)").matches;

/**
 * One coordinator for touch devices: of the cards at least `minRatio` in view, the one that
 * overlaps the target zone (the screen less `margin` above and below) most plays. The spec's ratio
 * was first read as the share of a card inside the zone, which a card taller than the zone (a
 * phone's 343 px card against its 338 px zone) can never reach: two cards fully in view, both
 * across the zone's edges, then neither played (issue 27 point 13).
 */
type Entry = { el: Element; ratio: number; overlap: number; set: (active: boolean) => void };
const touch = {
  zone: null as IntersectionObserver | null,
  view: null as IntersectionObserver | null,
  entries: new Map<Element, Entry>(),
  active: null as Entry | null,
  minRatio: 0.6,
  ensure() {
    if (this.zone && this.view) return [this.zone, this.view];
    const device = deviceFor(innerWidth);
    const target = TARGET_ZONE[device === "desktop" ? "tablet" : device];
    this.minRatio = target.ratio;
    const m = `-${target.margin * 100}%`;
    const steps = Array.from({ length: 21 }, (_, i) => i / 20);
    this.zone = new IntersectionObserver((records) => {
      for (const r of records) {
        const e = this.entries.get(r.target);
        if (e) e.overlap = r.isIntersecting ? r.intersectionRect.height : 0;
      }
      this.pick();
    }, { rootMargin: `${m} 0px ${m} 0px`, threshold: steps });
    this.view = new IntersectionObserver((records) => {
      for (const r of records) {
        const e = this.entries.get(r.target);
        if (e) e.ratio = r.isIntersecting ? r.intersectionRatio : 0;
      }
      this.pick();
    }, { threshold: steps });
    return [this.zone, this.view];
  },
  pick() {
    let best: Entry | null = null;
    for (const e of this.entries.values()) {
      if (e.ratio >= this.minRatio && e.overlap > 0 && (!best || e.overlap > best.overlap)) best = e;
    }
    if (best === this.active) return;
    this.active?.set(false);
    this.active = best;
    best?.set(true);
  },
  add(el: Element, set: (active: boolean) => void) {
    this.entries.set(el, { el, ratio: 0, overlap: 0, set });
    for (const o of this.ensure()) o.observe(el);
    return () => {
      this.zone?.unobserve(el);
      this.view?.unobserve(el);
      if (this.active?.el === el) this.active = null;
      this.entries.delete(el);
    };
  },
};

export function PlayableCard(
  { item, signedIn, eager, variant, className, headingLevel, opensViewer, errorText, own }: PlayableCardProps,
) {
  const cardRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const [state, setState] = useState<PlaybackState>("idle");
  const [muted, setMuted] = useState(true);
  const [likes, setLikes] = useState(item.likes);
  const [liking, setLiking] = useState(false);
  // Unknown until the first interaction (the page is the same HTML for every viewer).
  const [isLiked, setIsLiked] = useState<boolean | null>(item.isLiked ?? null);
  const [level, setLevel] = useState(0);
  const [posterFailed, setPosterFailed] = useState(false);
  const isVideo = item.contentType === "video" && !!item.videoUrl;
  const watchLater = useWatchLater(item.id, signedIn);

  // A video's poster can fail like any image: probe it and show the placeholder instead.
  useEffect(() => {
    if (!isVideo || !item.thumbnail || item.thumbnail === PLACEHOLDER_THUMB) return;
    const probe = new Image();
    probe.onerror = () => setPosterFailed(true);
    probe.src = item.thumbnail;
    return () => {
      probe.onerror = null;
    };
  }, [isVideo, item.thumbnail]);

  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const v = videoRef.current;
      if (!v) return;
      v.muted = true;
      setMuted(true);
      setState(v.readyState >= 3 ? "ready" : "loading");
      setPlaying(true);
      v.play().catch((e: DOMException) => {
        if (e.name !== "AbortError") setState("error");
      });
    }, PLAY_DELAY_MS[deviceFor(innerWidth)]);
  };
  const stop = () => {
    clearTimeout(timer.current);
    videoRef.current?.pause();
    setPlaying(false);
    setState("idle");
  };

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const ready = () => setState("ready");
    const waiting = () => setState("loading");
    const failed = () => setState("error");
    v.addEventListener("playing", ready);
    v.addEventListener("waiting", waiting);
    v.addEventListener("error", failed);
    return () => {
      v.removeEventListener("playing", ready);
      v.removeEventListener("waiting", waiting);
      v.removeEventListener("error", failed);
    };
  }, []);

  // Touch devices: join the target-zone coordinator.
  useEffect(() => {
    if (!isVideo || hoverDevice() || !cardRef.current) return;
    return touch.add(cardRef.current, (active) => (active ? start() : stop()));
  }, [isVideo]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // An embed thumbnail that failed before hydration gets its fallback now.
  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0) nextThumb();
  }, []);

  function nextThumb() {
    setLevel((l) => l + 1);
  }

  let thumbnailSrc = item.thumbnail;
  if (item.contentType === "embed" && item.youtubeId) {
    thumbnailSrc = level < YOUTUBE_THUMB_LEVELS.length ? youtubeThumbnail(item.youtubeId, YOUTUBE_THUMB_LEVELS[level]) : PLACEHOLDER_THUMB;
  } else if (level > 0 || posterFailed) thumbnailSrc = PLACEHOLDER_THUMB;

  /** Toggles the viewer's like: POST or DELETE /api/videos/{id}/like; the count comes from the server. */
  async function like() {
    setLiking(true);
    let liked = isLiked;
    try {
      if (liked === null) {
        liked = (await api<LikeStatus>(`/api/videos/${item.id}/like`)).isLiked;
      }
    } catch {
      liked = false;
    }
    try {
      const res = await api<LikeStatus>(`/api/videos/${item.id}/like`, { method: liked ? "DELETE" : "POST" });
      setIsLiked(res.isLiked);
      setLikes(res.count);
      toast({ title: res.isLiked ? TEXT.likeOk : TEXT.likeRemoved });
    } catch (e) {
      const server = e instanceof ApiError && e.body?.error ? e.body.error : null;
      toast({ title: liked ? TEXT.likeRemoveFailed : TEXT.likeAddFailed, description: server ?? TEXT.likeRetry, variant: "destructive" });
    } finally {
      setLiking(false);
    }
  }

  const desktop = isVideo
    ? {
      onPointerEnter: (e: React.PointerEvent) => e.pointerType === "mouse" && start(),
      onPointerLeave: (e: React.PointerEvent) => e.pointerType === "mouse" && stop(),
    }
    : {};

  return (
    <MediaCard
      item={item}
      variant={variant}
      signedIn={signedIn}
      eager={eager}
      className={className}
      headingLevel={headingLevel}
      opensViewer={opensViewer}
      cardRef={cardRef}
      videoRef={videoRef}
      thumbnailRef={imgRef}
      thumbnailSrc={thumbnailSrc}
      onThumbnailError={level <= YOUTUBE_THUMB_LEVELS.length ? nextThumb : undefined}
      playing={playing}
      playback={state}
      mediaFailed={posterFailed || (item.contentType !== "embed" && level > 0)}
      errorText={errorText}
      muted={muted}
      onToggleMute={() => {
        const v = videoRef.current;
        if (!v) return;
        v.muted = !v.muted;
        setMuted(v.muted);
      }}
      likes={likes}
      liked={isLiked ?? false}
      liking={liking}
      onLike={like}
      watchLater={watchLater.saved ?? false}
      watchLaterBusy={watchLater.busy}
      onWatchLater={watchLater.toggle}
      onMute={muteFromCard}
      own={own}
      {...desktop}
    />
  );
}
