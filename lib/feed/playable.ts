/**
 * The one place that says which file of a video item other sites and readers are given to play
 * (og:video, the Twitter player's stream, oEmbed, feeds' media:content), with that file's own type,
 * pixels and bytes (issue 35 point 5: they once gave the original's size for a 720p rendition):
 * the item's default rendition (at most 720p), or its original before renditions exist.
 */
import type { ContentItem } from "../../common/api_types.ts";

export type Playable = { url: string; type: string; width: number | null; height: number | null; bytes: number | null };

const TYPES: Record<string, string> = { mp4: "video/mp4", m4v: "video/mp4", webm: "video/webm", mov: "video/quicktime" };

type Item = Pick<ContentItem, "contentType" | "videoUrl" | "width" | "height" | "sources" | "size">;

/** The item's playable video (a site path, not yet absolute), or null for images, embeds and items without a file. */
export function playableVideo(item: Item): Playable | null {
  if (item.contentType !== "video" || !item.videoUrl) return null;
  const rendition = item.sources.find((s) => s.url === item.videoUrl);
  if (rendition) {
    const frame = rendition.frame ?? renditionFrame(item, rendition.height);
    return { url: rendition.url, type: rendition.type, width: frame?.width ?? null, height: frame?.height ?? null, bytes: rendition.bytes };
  }
  const ext = item.videoUrl.split(".").pop()?.toLowerCase() ?? "";
  return { url: item.videoUrl, type: TYPES[ext] ?? "video/mp4", width: item.width, height: item.height, bytes: item.size };
}

/**
 * A rendition's frame when it was not recorded (made before issue 35): its short side is the rung,
 * the long side in proportion rounded to an even number, as ffmpeg's `scale=-2:h` makes it.
 */
export function renditionFrame(item: Pick<ContentItem, "width" | "height">, rung: number): { width: number; height: number } | null {
  if (!item.width || !item.height) return null;
  const landscape = item.width >= item.height;
  const [long, short] = landscape ? [item.width, item.height] : [item.height, item.width];
  const other = Math.round((rung * long) / (short * 2)) * 2;
  return landscape ? { width: other, height: rung } : { width: rung, height: other };
}
