/**
 * Which rendition a player's Auto quality plays (decision 019, issue 35): the smallest that covers
 * the player in device pixels, held down only by what says the viewer wants or needs less - Save-Data,
 * an `effectiveType` of 2g/3g/slow-2g - or by stalls while playing (one step down after two). Never by
 * `downlink` alone: Chromium's estimate said 1.45 Mbit/s for a line that played 1080p smoothly.
 * Pure: the player and the tests call it.
 */
export type Rendition = { url: string; height: number };

export type Viewing = {
  /** CSS pixels the player is wide (and tall, when known), and the device pixel ratio. */
  cssWidth: number;
  cssHeight?: number;
  dpr: number;
  saveData?: boolean;
  /** navigator.connection.effectiveType: "slow-2g" | "2g" | "3g" | "4g". */
  effectiveType?: string;
};

/** Two stalls while playing in Auto drop one step. */
export const STALLS_PER_STEP = 2;

/** The tallest rendition the connection allows (Infinity: no limit); 0 means the smallest there is. */
export function connectionCap(v: Viewing): number {
  if (v.saveData || v.effectiveType === "slow-2g" || v.effectiveType === "2g") return 0;
  if (v.effectiveType === "3g") return 480;
  return Infinity;
}

/**
 * Device pixels a rendition's short side should have: the player's video area is 16:9, so its
 * height (portrait videos are labelled by their short side too); a shorter box than 16:9 counts as is.
 */
export function wantedHeight(v: Viewing): number {
  const cssHeight = Math.min((v.cssWidth * 9) / 16, v.cssHeight || Infinity);
  return Math.ceil(cssHeight * Math.min(v.dpr || 1, 3));
}

/**
 * The rendition for this player and connection, sources smallest first; `cap` is a height the
 * player lowered itself to after stalls (Infinity: none).
 */
export function pickRendition<T extends Rendition>(sources: T[], v: Viewing, cap = Infinity): T | null {
  if (!sources.length) return null;
  const limit = Math.min(connectionCap(v), cap);
  const allowed = sources.filter((s) => s.height <= limit);
  if (!allowed.length) return sources[0];
  const wanted = wantedHeight(v);
  return allowed.find((s) => s.height >= wanted) ?? allowed[allowed.length - 1];
}

/** The height one step below `height` (the smallest stays the smallest): Auto's cap after stalls. */
export function stepDown(sources: Rendition[], height: number): number {
  const lower = sources.filter((s) => s.height < height);
  return lower.length ? lower[lower.length - 1].height : sources[0]?.height ?? height;
}

/** The quality menu's label for a rendition height. */
export const qualityLabel = (height: number) => `${height}p`;

/** Playback speeds the menu offers. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Clips shorter than this loop unless the viewer turns it off. */
export const LOOP_UNDER_SECONDS = 30;
