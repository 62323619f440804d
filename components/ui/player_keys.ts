/**
 * The video player's keyboard shortcuts (issue 35 point 7), the keys YouTube taught people: what a key
 * does, whether a key press is the player's at all, and doing it to the <video>.
 */

export type KeyAction =
  | { kind: "toggle" }
  | { kind: "seek"; by: number }
  | { kind: "volume"; by: number }
  | { kind: "mute" }
  | { kind: "fullscreen" }
  | { kind: "tenth"; n: number }
  | { kind: "keys" };

/** The list the `?` dialog shows: keys as written, then what they do. */
export const KEY_LIST: [string, string][] = [
  ["Space or K", "Play or pause"],
  ["J / L", "Back or forward 10 seconds"],
  ["← / →", "Back or forward 5 seconds"],
  ["↑ / ↓", "Volume up or down"],
  ["M", "Mute or unmute"],
  ["F", "Full screen, or leave it"],
  ["0 to 9", "Jump to that tenth of the video"],
  ["?", "Show these shortcuts"],
];

/** What `key` (KeyboardEvent.key) does, or null when it is not a shortcut. */
export function keyAction(key: string): KeyAction | null {
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case " ":
    case "k":
      return { kind: "toggle" };
    case "j":
      return { kind: "seek", by: -10 };
    case "l":
      return { kind: "seek", by: 10 };
    case "ArrowLeft":
      return { kind: "seek", by: -5 };
    case "ArrowRight":
      return { kind: "seek", by: 5 };
    case "ArrowUp":
      return { kind: "volume", by: 0.1 };
    case "ArrowDown":
      return { kind: "volume", by: -0.1 };
    case "m":
      return { kind: "mute" };
    case "f":
      return { kind: "fullscreen" };
    case "?":
      return { kind: "keys" };
  }
  return /^[0-9]$/.test(key) ? { kind: "tenth", n: Number(key) } : null;
}

const TEXT_FIELD = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
const PRESSABLE = "button, a[href], summary, [role='button'], [role='link'], [role^='menuitem'], [role='tab']";

/**
 * Whether a key press belongs to the player in `box`: not while typing in a field, not with Ctrl, Alt
 * or Meta, not while a modal other than the one holding the player is open (the `?` list itself, a
 * report form), and Space and Enter still press a focused button or link outside the video.
 */
export function keyIsForPlayer(e: KeyboardEvent, box: HTMLElement): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(TEXT_FIELD)) return false;
  for (const el of document.querySelectorAll<HTMLElement>("dialog[open], [aria-modal='true']")) {
    if (isModal(el) && !el.contains(box)) return false;
  }
  if ((e.key === " " || e.key === "Enter") && target?.closest(PRESSABLE)) return false;
  return true;
}

function isModal(el: HTMLElement): boolean {
  if (el.tagName !== "DIALOG") return true;
  try {
    return el.matches(":modal");
  } catch {
    return true;
  }
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const seconds = (n: number) => `${Math.abs(n)} seconds`;

/** Does `action` to the video (and `box`, for full screen); returns the words to announce. */
export function applyKey(action: Exclude<KeyAction, { kind: "keys" }>, v: HTMLVideoElement, box: HTMLElement): string {
  const length = Number.isFinite(v.duration) ? v.duration : 0;
  switch (action.kind) {
    case "toggle":
      if (v.paused || v.ended) {
        v.play().catch(() => {});
        return "Play";
      }
      v.pause();
      return "Pause";
    case "seek":
      v.currentTime = clamp(v.currentTime + action.by, 0, length || v.currentTime + Math.max(0, action.by));
      return action.by < 0 ? `Back ${seconds(action.by)}` : `Forward ${seconds(action.by)}`;
    case "volume": {
      v.volume = clamp(Math.round((v.volume + action.by) * 10) / 10, 0, 1);
      if (action.by > 0) v.muted = false;
      return v.muted || v.volume === 0 ? "Muted" : `Volume ${Math.round(v.volume * 100)}%`;
    }
    case "mute":
      v.muted = !v.muted;
      return v.muted ? "Muted" : "Sound on";
    case "fullscreen":
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(() => {});
        return "Exit full screen";
      }
      box.requestFullscreen?.().catch(() => {});
      return "Full screen";
    case "tenth":
      if (length) v.currentTime = (length * action.n) / 10;
      return `${action.n * 10}%`;
  }
}
