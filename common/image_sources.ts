/**
 * Which of an image's renditions a page asks for (issue 35 point 1): `srcset` with width
 * descriptors and a `sizes` that says how wide the image is shown, so the browser fetches the
 * smallest copy that covers its pixels, phones at most the 960 px one (a 390 px phone at 3x gets
 * the 960 px WebP, not the original). Pure: the server's pages and the islands both build them.
 */
import type { ImageSource } from "./api_types.ts";

type Sized = Pick<ImageSource, "url" | "width">;

/** `url 480w, url 960w, ...`. */
export const srcSetOf = (sources: Sized[]) => sources.map((s) => `${s.url} ${s.width}w`).join(", ");

/** The copy a browser without `srcset` shows, and the one preloaded: the widest up to 960 px. */
export function defaultImage<T extends Sized>(sources: T[]): T | null {
  return sources.filter((s) => s.width <= 960).pop() ?? sources[0] ?? null;
}

/**
 * Screens under 640 px are phones: offered copies up to 960 px only, through a `<picture>` whose
 * `<source media={WIDE_MEDIA}>` has them all. A 390 px phone at 3x would otherwise take the 1600 px
 * copy (1,098 device px wide), 3-4 times the 960 px one's bytes for detail a phone's eye does not
 * resolve; the zoom viewer still opens the original (decision 034).
 */
export const PHONE_MEDIA = "(max-width: 639.98px)";
export const WIDE_MEDIA = "(min-width: 640px)";
export const PHONE_MAX_WIDTH = 960;
export function phoneImages<T extends Sized>(sources: T[]): T[] {
  const fit = sources.filter((s) => s.width <= PHONE_MAX_WIDTH);
  return fit.length ? fit : sources.slice(0, 1);
}

/** A card is at most ~400 CSS px wide (a phone's full width): its copies up to the first one 960 px or wider. */
export function cardImages<T extends Sized>(sources: T[]): T[] {
  const at = sources.findIndex((s) => s.width >= 960);
  return at < 0 ? sources : sources.slice(0, at + 1);
}

/**
 * A still image's card picture (issue 35): the smallest copy as `src`, the card's copies as
 * `srcset`. Null for an animation, whose card keeps its still thumbnail (its most detailed frame):
 * a feed of moving pictures would cost a phone megabytes.
 */
export function cardPicture(sources: ImageSource[]): { thumbnail: string; thumbnailSet: string } | null {
  const images = cardImages(sources);
  if (!images.length || images.some((i) => i.animated)) return null;
  return { thumbnail: images[0].url, thumbnailSet: srcSetOf(images) };
}

/** The copy other sites and readers are given (og:image, oEmbed, feeds): the widest up to 1600 px. */
export function shareImageSource<T extends Sized>(sources: T[]): T | null {
  return sources.filter((s) => s.width <= 1600).pop() ?? sources[0] ?? null;
}

/**
 * The media page's `sizes`: the image fills its column (the page's width less its padding; beside
 * the 22rem related list from 1024 px) but is never taller than 75% of the screen, so a wide
 * column shows a portrait image narrower. `ratio` is width over height, when known.
 */
export function mediaPageSizes(ratio: number | null): string {
  const cap = (column: string) => (ratio ? `min(${column}, ${(75 * ratio).toFixed(2)}vh)` : `calc(${column})`);
  return [
    `(min-width: 1024px) ${cap("min(100vw, 1600px) - 432px")}`,
    `(min-width: 640px) ${cap("100vw - 48px")}`,
    cap("100vw - 24px"),
  ].join(", ");
}

/** The modal viewer's `sizes`: its dialog is min(64rem, 96vw) wide, the image again at most 75% of the screen tall. */
export function modalSizes(ratio: number | null): string {
  return ratio ? `min(64rem, 96vw, ${(75 * ratio).toFixed(2)}vh)` : "min(64rem, 96vw)";
}
