import { useEffect, useRef, useState } from "react";
import { toast } from "../components/ui/toast.ts";
import { CloseIcon } from "../components/ui/icons.tsx";
import { VideoPlayer } from "../components/ui/VideoPlayer.tsx";
import type { ImageSource, VideoSource } from "../common/api_types.ts";
import { defaultImage, phoneImages, srcSetOf, WIDE_MEDIA } from "../common/image_sources.ts";

type Props = {
  kind: "video" | "image";
  src: string;
  /** A video's renditions, smallest first (none before processing is ready: `src` is then the original). */
  sources?: VideoSource[];
  /** An image's renditions, smallest first; `src` (the original) is then loaded only when zoomed to full size. */
  images?: ImageSource[];
  /** How wide the image is shown (the `sizes` of its renditions' `srcset`). */
  sizes?: string;
  /** The thumbnail (video poster, image fallback) and the generated placeholder after it. */
  poster: string;
  placeholder: string;
  title: string;
  width?: number | null;
  height?: number | null;
  /** Seconds: a short clip starts looping. */
  duration?: number | null;
  /** A member's public video (issue 43 point 5): the position is sent, and the player starts from `resume`. */
  itemId?: number;
  resume?: number | null;
};

const VIDEO_ERROR = "Error loading video. It may be in an unsupported format.";
const IMAGE_ERROR = "Error loading image. It may be in an unsupported format.";

/** The detail page's player: a video with controls, or an image with a zoomable full-screen viewer. */
export default function MediaPlayer(props: Props) {
  return props.kind === "video" ? <Video {...props} /> : <ZoomImage {...props} />;
}

function Video({ src, sources, poster, title, duration, itemId, resume }: Props) {
  const [failed, setFailed] = useState(false);
  const fail = () => {
    setFailed(true);
    toast({ title: "Playback error", description: VIDEO_ERROR, variant: "destructive" });
  };
  if (failed) {
    return (
      <div className="flex aspect-video w-full items-center justify-center bg-neutral-900 p-6 text-center text-neutral-300" role="alert">
        {VIDEO_ERROR}
      </div>
    );
  }
  return (
    <VideoPlayer
      src={src}
      sources={sources ?? []}
      poster={poster}
      title={title}
      duration={duration}
      onFail={fail}
      itemId={itemId}
      resume={resume}
    />
  );
}

/**
 * An image with renditions is shown from them (`srcset`, the browser picking the copy for its
 * pixels; so is the full-screen viewer, fitted); the original (`src`) is loaded only when the viewer
 * is zoomed to full size. Without renditions the original is shown, as before they existed. A
 * failed picture falls back to the thumbnail, then the placeholder.
 */
function ZoomImage({ src, images = [], sizes, poster, placeholder, title, width, height }: Props) {
  const shown = defaultImage(images)?.url ?? src;
  const sources = [shown, poster, placeholder].filter((s, i, all) => s && all.indexOf(s) === i);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  // Width over height, known from the item or once the image has loaded.
  const [ratio, setRatio] = useState<number | null>(width && height ? width / height : null);
  const current = sources[index];
  // The renditions' srcset, while the picture shown is theirs (not a fallback).
  const srcSet = images.length && current === shown ? srcSetOf(images) : undefined;
  // A phone is offered copies up to 960 px (a 3x phone would otherwise take the 1600 px one).
  const phoneSet = srcSet && srcSetOf(phoneImages(images));
  const onError = () => setIndex((i) => i + 1);
  const img = useRef<HTMLImageElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // An image that failed before hydration fired its error event with no listener attached yet.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.getAttribute("src")) onError();
  }, [current]);

  const close = () => setOpen(false);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!open) {
      // Focus goes back to the picture that opened the viewer once the viewer is gone (issue 43), however it closed.
      if (wasOpen.current) opener.current?.focus({ preventScroll: true });
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    closeButton.current?.focus();
    // Escape inside the viewer is handled there (and stopped); this covers focus left elsewhere.
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && !e.defaultPrevented && setOpen(false);
    globalThis.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      globalThis.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [open]);

  if (!current) {
    return (
      <div className="flex aspect-video w-full items-center justify-center bg-neutral-900 text-neutral-300" role="alert">{IMAGE_ERROR}</div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setZoomed(false);
          setOpen(true);
        }}
        ref={opener}
        className="block w-full cursor-zoom-in bg-black"
        aria-label={`View ${title} full screen`}
      >
        <picture>
          {srcSet && <source media={WIDE_MEDIA} srcSet={srcSet} sizes={sizes} />}
          <img
            ref={img}
            src={current}
            srcSet={phoneSet}
            sizes={phoneSet ? sizes : undefined}
            alt={title}
            width={width ?? 1280}
            height={height ?? 720}
            onError={onError}
            className="mx-auto max-h-[75vh] h-auto w-auto max-w-full object-contain"
            data-testid="media-image"
          />
        </picture>
      </button>
      {open && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={title}
          data-testid="image-viewer"
          onClick={(e) => e.target === e.currentTarget && close()}
          onKeyDown={(e) => {
            // The zoom from the keyboard too (issue 43): + and - besides Enter or Space on the picture.
            if (e.key === "+" || e.key === "=") return setZoomed(true);
            if (e.key === "-") return setZoomed(false);
            if (e.key !== "Escape") return;
            // Only the viewer closes: not an outer dialog (the modal viewer) around the player.
            e.stopPropagation();
            e.preventDefault();
            close();
          }}
          className={`fixed inset-0 z-[90] flex bg-black/95 ${
            zoomed ? "items-start justify-start overflow-auto" : "items-center justify-center"
          }`}
        >
          <button
            type="button"
            ref={closeButton}
            onClick={close}
            aria-label="Close viewer"
            className="fixed right-4 top-4 z-[91] rounded-full bg-neutral-800/80 px-3 py-1.5 text-lg text-white hover:bg-neutral-700"
          >
            <CloseIcon size={20} />
          </button>
          <img
            // Zoomed is full size: the original. Fitted: the copy for the screen (the viewer's width).
            src={zoomed && current === shown ? src : current}
            srcSet={zoomed ? undefined : srcSet}
            sizes={!zoomed && srcSet && ratio
              ? `min(100vw - 2rem, ${(100 * ratio).toFixed(2)}vh - ${(2 * ratio).toFixed(2)}rem)`
              : undefined}
            alt={title}
            role="button"
            tabIndex={0}
            aria-label={zoomed ? `Zoom out of ${title}` : `Zoom in to ${title} (full size)`}
            aria-pressed={zoomed}
            data-testid="viewer-image"
            onClick={() => setZoomed((z) => !z)}
            onKeyDown={(e) => {
              if (e.key !== "Enter" && e.key !== " ") return;
              e.preventDefault();
              setZoomed((z) => !z);
            }}
            onLoad={(e) => {
              const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
              if (w && h) setRatio(w / h);
            }}
            // Fitted, the image fills the screen as far as its shape allows, small ones scaled up (a
            // 640x360 image is not left at its natural size on a large screen); zoomed, natural size.
            // A 1 rem margin keeps some backdrop to click (it closes the viewer) around any shape.
            // Zoomed, the original's own size from the start (no jump from the copy's size when it arrives).
            style={!zoomed && ratio
              ? { width: `min(100vw - 2rem, (100dvh - 2rem) * ${ratio})`, height: "auto" }
              : zoomed && width && srcSet
              ? { width: `${width}px`, height: "auto" }
              : undefined}
            className={zoomed ? "max-w-none cursor-zoom-out" : "max-h-dvh max-w-full cursor-zoom-in object-contain"}
          />
        </div>
      )}
    </>
  );
}
