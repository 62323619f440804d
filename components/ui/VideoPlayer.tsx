import { useEffect, useRef, useState } from "react";
import type { VideoSource } from "../../common/api_types.ts";
import { pickRendition, qualityLabel, type Viewing } from "../../common/video_quality.ts";

type Props = {
  src: string;
  sources: VideoSource[];
  poster: string;
  title: string;
  onFail: () => void;
};

type Connection = { saveData?: boolean; effectiveType?: string; downlink?: number };

function viewing(el: HTMLElement): Viewing {
  const c = (navigator as Navigator & { connection?: Connection }).connection;
  return {
    cssWidth: el.clientWidth || innerWidth,
    dpr: devicePixelRatio,
    saveData: c?.saveData,
    effectiveType: c?.effectiveType,
    downlink: c?.downlink,
  };
}

/**
 * A video with controls that starts with the rendition fitting the screen and the connection
 * (common/video_quality.ts) and offers a quality menu (Auto and each rendition); switching keeps
 * the position and whether it was playing. The server renders the default source (at most 720p).
 */
export function VideoPlayer({ src, sources, poster, title, onFail }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [choice, setChoice] = useState<"auto" | number>("auto");
  const [current, setCurrent] = useState(src);

  const switchTo = (url: string) => {
    const v = ref.current;
    if (!v || url === current) return;
    const at = v.currentTime;
    const playing = !v.paused && !v.ended;
    setCurrent(url);
    v.addEventListener("loadedmetadata", () => {
      if (at > 0) v.currentTime = at;
      if (playing) v.play().catch(() => {});
    }, { once: true });
  };

  // After hydration: the rendition for this screen, before anything but metadata was loaded.
  useEffect(() => {
    if (ref.current?.error) return onFail(); // an error before hydration
    if (ref.current && sources.length) {
      const best = pickRendition(sources, viewing(ref.current));
      if (best) switchTo(best.url);
    }
  }, []);

  const choose = (value: string) => {
    const next = value === "auto" ? "auto" : Number(value);
    setChoice(next);
    const pick = next === "auto" ? pickRendition(sources, viewing(ref.current!)) : sources.find((s) => s.height === next);
    if (pick) switchTo(pick.url);
  };

  return (
    <div className="relative">
      <video
        ref={ref}
        src={current}
        poster={poster}
        controls
        playsInline
        preload="metadata"
        onError={onFail}
        aria-label={title}
        width={1280}
        height={720}
        className="aspect-video h-auto w-full bg-black"
        data-testid="video-player"
      />
      {sources.length > 1 && (
        <label className="absolute top-2 right-2 flex items-center gap-1 rounded bg-black/70 px-2 py-1 text-xs text-white">
          <span className="sr-only">Quality</span>
          <select
            value={String(choice)}
            onChange={(e) => choose(e.currentTarget.value)}
            className="bg-transparent text-white"
            data-testid="quality"
            aria-label="Quality"
          >
            <option value="auto" className="bg-neutral-900">Auto</option>
            {[...sources].reverse().map((s) => (
              <option key={s.height} value={s.height} className="bg-neutral-900">{qualityLabel(s.height)}</option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
