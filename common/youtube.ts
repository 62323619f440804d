/** YouTube links in the forms the spec names: watch, embed, short link (youtu.be) and shorts. */
export const YOUTUBE_ID_RE = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
  "youtu.be",
  "www.youtu.be",
]);

export const NO_URL = "No video URL provided";
export const INVALID_URL = "Invalid YouTube URL";

export type YoutubeParse = { id: string } | { error: typeof NO_URL | typeof INVALID_URL };

export function parseYoutubeUrl(input: string | null | undefined): YoutubeParse {
  const raw = (input ?? "").trim();
  if (!raw) return { error: NO_URL };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { error: INVALID_URL };
  }
  const host = url.hostname.toLowerCase();
  if (!HOSTS.has(host) || !/^https?:$/.test(url.protocol)) return { error: INVALID_URL };
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host.endsWith("youtu.be")) id = parts[0];
  else if (parts[0] === "watch") id = url.searchParams.get("v");
  else if (["embed", "shorts", "v", "live"].includes(parts[0])) id = parts[1];
  return id && YOUTUBE_ID_RE.test(id) ? { id } : { error: INVALID_URL };
}

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** Privacy-enhanced player: no cookies until the visitor plays. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

/** YouTube's still sizes, best first: a card whose still fails tries the next one, then the placeholder. */
export const YOUTUBE_THUMB_LEVELS = ["hqdefault", "mqdefault", "default"] as const;
export type YoutubeThumbLevel = (typeof YOUTUBE_THUMB_LEVELS)[number];

/** The one URL of a YouTube still. */
export const youtubeThumbnail = (id: string, level: YoutubeThumbLevel = "hqdefault") => `https://i.ytimg.com/vi/${id}/${level}.jpg`;
