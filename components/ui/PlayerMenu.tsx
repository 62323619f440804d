import { useEffect, useState } from "react";
import type { VideoSource } from "../../common/api_types.ts";
import { qualityLabel, SPEEDS } from "../../common/video_quality.ts";

type Props = {
  /** Unique on the page and the same on the server and in the browser (it ties the button to its popover). */
  id: string;
  sources: VideoSource[];
  choice: "auto" | number;
  /** The height Auto plays now (its label says so), when known. */
  autoHeight: number | null;
  onQuality: (choice: "auto" | number) => void;
  loop: boolean;
  onLoop: (on: boolean) => void;
  speed: number;
  onSpeed: (speed: number) => void;
  onShowKeys: () => void;
};

type Option = { value: "auto" | number; label: string };

/** Auto (saying what it plays), then each rendition, tallest first. */
const qualityOptions = (p: Props): Option[] => [
  { value: "auto", label: p.autoHeight ? `Auto (${qualityLabel(p.autoHeight)})` : "Auto" },
  ...[...p.sources].reverse().map((s) => ({ value: s.height, label: qualityLabel(s.height) })),
];

const speedLabel = (s: number) => (s === 1 ? "Normal" : `${s}x`);

/**
 * The player's quality menu (issue 35): quality (Auto and each rendition), loop and playback speed,
 * as native radios and a switch in a popover of the top layer (the player's rounded box clips
 * nothing of it; components/styles.css `.player-menu` anchors it to its button and keeps it on screen).
 */
export function PlayerMenu(p: Props) {
  const menuId = `player-menu-${p.id}`;
  const current = p.choice === "auto" ? `Auto${p.autoHeight ? ` (${qualityLabel(p.autoHeight)})` : ""}` : qualityLabel(p.choice);
  const close = () => (document.getElementById(menuId) as HTMLElement & { hidePopover?: () => void } | null)?.hidePopover?.();
  // The menu's rows are drawn once hydrated: they act only through script, and the media page's first HTML stays
  // within its 14 KB (the popover opens natively, so it is empty only before hydration).
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return (
    <>
      <button
        type="button"
        popoverTarget={menuId}
        className="player-menu-button"
        aria-label={`Quality, loop and speed (${current}${p.speed === 1 ? "" : `, ${p.speed}x`})`}
        data-testid="quality"
      >
        <span aria-hidden="true">⚙</span>
        <span>{current}</span>
        {p.speed !== 1 && <span className="text-orange-300">{p.speed}x</span>}
      </button>
      <div id={menuId} popover="auto" role="dialog" aria-label="Quality, loop and speed" className="player-menu" data-testid="player-menu">
        {drawn && (
          <>
            {p.sources.length > 1 && (
              <fieldset>
                <legend className="player-menu-legend">Quality</legend>
                {qualityOptions(p).map((o) => (
                  <label key={o.value} className="player-menu-row">
                    <input
                      type="radio"
                      name={`${menuId}-quality`}
                      value={o.value}
                      checked={p.choice === o.value}
                      onChange={() => p.onQuality(o.value)}
                      className="accent-orange-500"
                    />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            )}
            <label className="player-menu-row justify-between border-y border-neutral-800 py-2.5">
              <span>Loop</span>
              <input
                type="checkbox"
                role="switch"
                checked={p.loop}
                onChange={(e) => p.onLoop(e.currentTarget.checked)}
                className="h-4 w-4 accent-orange-500"
                data-testid="loop"
              />
            </label>
            <fieldset>
              <legend className="player-menu-legend">Speed</legend>
              <div className="grid grid-cols-3 gap-1 px-2 pb-1">
                {SPEEDS.map((s) => (
                  <label key={s} className="player-speed">
                    <input
                      type="radio"
                      name={`${menuId}-speed`}
                      value={s}
                      checked={p.speed === s}
                      onChange={() => p.onSpeed(s)}
                      className="sr-only"
                    />
                    {speedLabel(s)}
                  </label>
                ))}
              </div>
            </fieldset>
            <button
              type="button"
              onClick={() => {
                close();
                p.onShowKeys();
              }}
              className="player-menu-row w-full border-t border-neutral-800 text-neutral-300 hover:text-white"
            >
              Keyboard shortcuts <kbd className="ml-auto rounded border border-neutral-700 px-1.5 text-xs">?</kbd>
            </button>
          </>
        )}
      </div>
    </>
  );
}
