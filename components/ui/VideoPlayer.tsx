import { useEffect, useRef, useState } from "react";
import type { VideoSource } from "../../common/api_types.ts";
import { LOOP_UNDER_SECONDS, pickRendition, STALLS_PER_STEP, stepDown, type Viewing } from "../../common/video_quality.ts";
import { applyKey, keyAction, keyIsForPlayer } from "./player_keys.ts";
import { PlayerMenu } from "./PlayerMenu.tsx";
import { PlayerKeys } from "./PlayerKeys.tsx";
import { loadPrefs, savePrefs, useProgressBeats } from "./player_memory.ts";

type Props = {
  src: string;
  sources: VideoSource[];
  poster: string;
  title: string;
  /** Seconds, when known: a clip under LOOP_UNDER_SECONDS starts with loop on. */
  duration?: number | null;
  onFail: () => void;
  /** A member's public video (issue 43 point 5): its id (the position is sent) and where to start (null: the start). */
  itemId?: number;
  resume?: number | null;
};

type Connection = { saveData?: boolean; effectiveType?: string };

function viewing(el: HTMLElement): Viewing {
  const c = (navigator as Navigator & { connection?: Connection }).connection;
  return {
    cssWidth: el.clientWidth || innerWidth,
    cssHeight: el.clientHeight || undefined,
    dpr: devicePixelRatio,
    saveData: c?.saveData,
    effectiveType: c?.effectiveType,
  };
}

/**
 * A video with controls that plays the rendition fitting the player and the connection (Auto,
 * common/video_quality.ts: by the player's device pixels, lowered for Save-Data, a 2g/3g connection
 * or two stalls, raised when the player grows), with a quality menu (quality, loop, speed) and
 * keyboard shortcuts (components/ui/player_keys.ts); switching keeps the position, whether it was
 * playing and the speed. The server renders the default source (at most 720p).
 */
export function VideoPlayer({ src, sources, poster, title, duration, onFail, itemId, resume = null }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const keysDialog = useRef<HTMLDialogElement>(null);
  // The shortcut list is drawn on its first opening: the media page's first HTML stays within its 14 KB.
  const [keysDrawn, setKeysDrawn] = useState(false);
  const showKeys = () => keysDialog.current ? keysDialog.current.showModal() : setKeysDrawn(true);
  useEffect(() => void (keysDrawn && keysDialog.current?.showModal()), [keysDrawn]);
  const [choice, setChoice] = useState<"auto" | number>("auto");
  const [current, setCurrent] = useState(src);
  const [loop, setLoop] = useState(!!duration && duration < LOOP_UNDER_SECONDS);
  const [speed, setSpeed] = useState(1);
  const [said, setSaid] = useState("");
  // "Start over" while the video starts from where the member left off (issue 43 point 5).
  const [resumed, setResumed] = useState(resume !== null);
  useProgressBeats(ref, itemId);
  // Read by event listeners set up once: the latest values, not those of the first render.
  const live = useRef({ choice, current, speed, loopChosen: false, cap: Infinity, stalls: 0, played: false });
  live.current = { ...live.current, choice, current, speed };
  const heightOf = (url: string) => sources.find((s) => s.url === url)?.height ?? null;

  const switchTo = (url: string) => {
    const v = ref.current;
    if (!v || url === live.current.current) return;
    const at = v.currentTime;
    const playing = !v.paused && !v.ended;
    live.current.current = url;
    live.current.played = false; // the new file's first buffering is no stall
    setCurrent(url);
    v.addEventListener("loadedmetadata", () => {
      if (at > 0) v.currentTime = at;
      v.playbackRate = live.current.speed;
      if (playing) v.play().catch(() => {});
    }, { once: true });
  };
  const autoPick = () => ref.current && pickRendition(sources, viewing(ref.current), live.current.cap);

  // After hydration: the rendition for this player, before anything but metadata was loaded.
  useEffect(() => {
    const v = ref.current;
    if (v?.error) return onFail(); // an error before hydration
    // This browser's volume, mute, speed and quality (issue 43 point 6); the saved position.
    const prefs = loadPrefs();
    if (v && prefs.volume !== undefined) v.volume = prefs.volume;
    if (v && prefs.muted !== undefined) v.muted = prefs.muted;
    if (prefs.speed !== undefined && prefs.speed !== 1) changeSpeed(prefs.speed);
    if (v && resume !== null) {
      const seek = () => (v.currentTime = resume);
      if (v.readyState >= 1) seek();
      else v.addEventListener("loadedmetadata", seek, { once: true });
    }
    const kept = typeof prefs.quality === "number" ? sources.find((s) => s.height === prefs.quality) : undefined;
    if (kept) return choose(kept.height, false);
    const best = autoPick();
    if (best) switchTo(best.url);
  }, []);

  // Auto follows the player: a larger one (full screen) gets more pixels; two stalls drop one step.
  useEffect(() => {
    const v = ref.current;
    if (!v || !box.current || sources.length < 2) return;
    const grown = new ResizeObserver(() => {
      const best = live.current.choice === "auto" ? autoPick() : null;
      if (best && best.height > (heightOf(live.current.current) ?? Infinity)) switchTo(best.url);
    });
    grown.observe(box.current);
    const playing = () => (live.current.played = true);
    // A wait after a viewer's jump is no stall; one after a loop's restart is (the clip's start had to be fetched
    // again: on a slow line a short clip then stalls at every turn, and a plain `v.seeking` test never counted it).
    let at = 0, jumped = false;
    const timeupdate = () => !v.seeking && (at = v.currentTime);
    const seeking = () => {
      const restart = v.loop && v.currentTime < 0.5 && at > v.duration - 1;
      jumped = !restart && Math.abs(v.currentTime - at) > 1;
    };
    const waiting = () => {
      const l = live.current;
      if (l.choice !== "auto" || !l.played || (v.seeking && jumped) || ++l.stalls < STALLS_PER_STEP) return;
      l.stalls = 0;
      l.cap = stepDown(sources, heightOf(l.current) ?? sources[0].height);
      const best = autoPick();
      if (best) switchTo(best.url);
    };
    const listeners = { playing, waiting, timeupdate, seeking };
    for (const [type, fn] of Object.entries(listeners)) v.addEventListener(type, fn);
    return () => {
      grown.disconnect();
      for (const [type, fn] of Object.entries(listeners)) v.removeEventListener(type, fn);
    };
  }, []);

  // Keyboard shortcuts, for the page or the player (player_keys.ts says when a key is theirs).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      const v = ref.current;
      if (!v || !box.current || !keyIsForPlayer(e, box.current)) return;
      const action = keyAction(e.key);
      if (!action) return;
      e.preventDefault();
      if (action.kind === "keys") return showKeys();
      setSaid(applyKey(action, v, box.current));
      clearTimeout(timer);
      timer = setTimeout(() => setSaid(""), 900);
    };
    // A focused <video>'s native controls toggle on Space's keyup (Chromium), after our keydown did: the key
    // toggled twice (issue 43 point 7). Its keyup is ours too, so the native controls leave it.
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === " " && box.current && keyIsForPlayer(e, box.current)) e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("keyup", onKeyUp, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("keyup", onKeyUp, true);
    };
  }, []);

  const choose = (next: "auto" | number, remember = true) => {
    if (remember) savePrefs({ quality: next });
    setChoice(next);
    live.current.choice = next;
    live.current.stalls = 0;
    const pick = next === "auto" ? autoPick() : sources.find((s) => s.height === next);
    if (pick) switchTo(pick.url);
  };
  const changeSpeed = (s: number) => {
    live.current.speed = s;
    setSpeed(s);
    if (ref.current) ref.current.playbackRate = s;
  };

  return (
    <div ref={box} className="player relative" data-testid="player">
      <video
        ref={ref}
        src={current}
        poster={poster}
        controls
        playsInline
        loop={loop}
        preload="metadata"
        onError={onFail}
        onVolumeChange={(e) => savePrefs({ volume: e.currentTarget.volume, muted: e.currentTarget.muted })}
        onRateChange={(e) => e.currentTarget.playbackRate !== live.current.speed || savePrefs({ speed: e.currentTarget.playbackRate })}
        onLoadedMetadata={(e) => {
          const length = e.currentTarget.duration;
          if (!live.current.loopChosen && Number.isFinite(length)) setLoop(length < LOOP_UNDER_SECONDS);
        }}
        aria-label={title}
        width={1280}
        height={720}
        className="aspect-video h-auto w-full bg-black"
        data-testid="video-player"
      />
      <PlayerMenu
        // The file's key: the same in the server's HTML and after hydration (useId is not, React against preact).
        id={src.slice(src.lastIndexOf("/") + 1).replace(/\W/g, "")}
        sources={sources}
        choice={choice}
        autoHeight={choice === "auto" ? heightOf(current) : null}
        onQuality={choose}
        loop={loop}
        onLoop={(on) => {
          live.current.loopChosen = true;
          setLoop(on);
        }}
        speed={speed}
        onSpeed={changeSpeed}
        onShowKeys={showKeys}
      />
      <p
        role="status"
        className={`pointer-events-none absolute inset-x-0 top-1/3 mx-auto w-fit rounded-lg bg-black/75 px-3 py-1.5 text-sm font-medium text-white ${
          said ? "" : "sr-only"
        }`}
        data-testid="player-status"
      >
        {said}
      </p>
      {resumed && (
        <button
          type="button"
          className="absolute left-2 top-2 rounded bg-black/75 px-3 py-1.5 text-sm font-medium text-white hover:bg-black"
          onClick={() => {
            if (ref.current) ref.current.currentTime = 0;
            setResumed(false);
          }}
          data-testid="start-over"
        >
          Start over
        </button>
      )}
      {keysDrawn && <PlayerKeys dialogRef={keysDialog} />}
    </div>
  );
}
