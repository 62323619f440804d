/**
 * Which rendition a player starts with (decision 019): the smallest that covers the player's
 * width in device pixels, held down by the connection (Save-Data, a slow `effectiveType`, a low
 * `downlink`). Pure: the player island and the tests call it.
 */
export type Rendition = { url: string; height: number };

export type Viewing = {
  /** CSS pixels the player is wide, and the device pixel ratio. */
  cssWidth: number;
  dpr: number;
  saveData?: boolean;
  /** navigator.connection.effectiveType: "slow-2g" | "2g" | "3g" | "4g". */
  effectiveType?: string;
  /** navigator.connection.downlink, Mbit/s. */
  downlink?: number;
};

/** The tallest rendition a connection should start with (Infinity: no limit). */
export function connectionCap(v: Viewing): number {
  if (v.saveData || v.effectiveType === "slow-2g" || v.effectiveType === "2g") return 0;
  if (v.effectiveType === "3g" || (v.downlink !== undefined && v.downlink > 0 && v.downlink < 2)) return 480;
  if (v.downlink !== undefined && v.downlink > 0 && v.downlink < 5) return 720;
  return Infinity;
}

/** The rendition for this screen and connection; sources smallest first. */
export function pickRendition<T extends Rendition>(sources: T[], v: Viewing): T | null {
  if (!sources.length) return null;
  // A 16:9 player's height in device pixels (portrait videos are labelled by their short side too).
  const wanted = Math.ceil((v.cssWidth * Math.min(v.dpr || 1, 3) * 9) / 16);
  const cap = connectionCap(v);
  const allowed = sources.filter((s) => s.height <= cap);
  if (!allowed.length) return sources[0];
  return allowed.find((s) => s.height >= wanted) ?? allowed[allowed.length - 1];
}

/** The quality menu's label for a rendition height. */
export const qualityLabel = (height: number) => `${height}p`;
