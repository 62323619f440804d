/**
 * What the player remembers (issue 43 points 5 and 6): volume, mute, speed and the chosen quality in this
 * browser (localStorage), and the member's position, sent to `POST /api/videos/{id}/progress` about every
 * PROGRESS_BEAT_MS while playing, on pause and when the page is left (`keepalive`, so the request outlives it).
 */
import { useEffect } from "react";
import { PROGRESS_BEAT_MS } from "../../common/history_rules.ts";

export type PlayerPrefs = { volume?: number; muted?: boolean; speed?: number; quality?: "auto" | number };

const KEY = "dr:player";

export function loadPrefs(): PlayerPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, unknown>;
    const out: PlayerPrefs = {};
    if (typeof raw.volume === "number" && raw.volume >= 0 && raw.volume <= 1) out.volume = raw.volume;
    if (typeof raw.muted === "boolean") out.muted = raw.muted;
    if (typeof raw.speed === "number" && raw.speed >= 0.25 && raw.speed <= 4) out.speed = raw.speed;
    if (raw.quality === "auto" || (typeof raw.quality === "number" && Number.isInteger(raw.quality))) out.quality = raw.quality;
    return out;
  } catch {
    return {}; // storage off, or a value from elsewhere
  }
}

export function savePrefs(change: PlayerPrefs) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...loadPrefs(), ...change }));
  } catch { /* storage full or off: nothing to remember then */ }
}

/** Sends the position of `video` for item `itemId` while it plays, on pause, on seeking, and when the page goes. */
export function useProgressBeats(ref: { current: HTMLVideoElement | null }, itemId: number | undefined) {
  useEffect(() => {
    const v = ref.current;
    if (!v || !itemId) return;
    let lastSent = -1;
    const send = () => {
      const seconds = Math.round(v.currentTime * 10) / 10;
      if (!Number.isFinite(seconds) || seconds === lastSent || v.readyState < 1) return;
      lastSent = seconds;
      fetch(`/api/videos/${itemId}/progress`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds }),
        keepalive: true,
        credentials: "same-origin",
      }).catch(() => {});
    };
    const timer = setInterval(() => !v.paused && !v.ended && send(), PROGRESS_BEAT_MS);
    const hidden = () => document.visibilityState === "hidden" && send();
    v.addEventListener("pause", send);
    v.addEventListener("ended", send);
    addEventListener("pagehide", send);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      clearInterval(timer);
      v.removeEventListener("pause", send);
      v.removeEventListener("ended", send);
      removeEventListener("pagehide", send);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [itemId]);
}
