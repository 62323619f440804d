/**
 * The one place that says which file of a video item other sites and readers are given to play
 * (og:video, the Twitter player's stream, oEmbed, feeds' media:content). Today that is the stored
 * original, already faststart MP4 when ffmpeg ran; when renditions exist (issue 21) this is the
 * function that picks one instead.
 */
import type { ContentItem } from "../../common/api_types.ts";

export type Playable = { url: string; type: string; width: number | null; height: number | null };

const TYPES: Record<string, string> = { mp4: "video/mp4", m4v: "video/mp4", webm: "video/webm", mov: "video/quicktime" };

/** The item's playable video (a site path, not yet absolute), or null for images, embeds and items without a file. */
export function playableVideo(item: Pick<ContentItem, "contentType" | "videoUrl" | "width" | "height">): Playable | null {
  if (item.contentType !== "video" || !item.videoUrl) return null;
  const ext = item.videoUrl.split(".").pop()?.toLowerCase() ?? "";
  return { url: item.videoUrl, type: TYPES[ext] ?? "video/mp4", width: item.width, height: item.height };
}
