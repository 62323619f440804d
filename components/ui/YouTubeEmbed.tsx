import { INVALID_URL, NO_URL, parseYoutubeUrl, YOUTUBE_ID_RE, youtubeEmbedUrl, youtubeWatchUrl } from "../../common/youtube.ts";

type Props = { youtubeId?: string | null; url?: string | null; title: string; autoplay?: boolean };

/**
 * A privacy-enhanced YouTube player rebuilt from the 11-character id alone; stored or pasted
 * embed HTML is never echoed. Without a valid id it shows the spec's error and a way out.
 */
export function YouTubeEmbed({ youtubeId, url, title, autoplay }: Props) {
  const parsed = youtubeId && YOUTUBE_ID_RE.test(youtubeId) ? { id: youtubeId } : parseYoutubeUrl(url);
  if ("error" in parsed) {
    return (
      <div
        className="flex aspect-video w-full flex-col items-center justify-center gap-3 bg-neutral-900 text-center"
        data-testid="youtube-error"
      >
        <p className="text-neutral-300">{parsed.error === NO_URL ? NO_URL : INVALID_URL}</p>
        <a
          href={url && /^https?:\/\//.test(url) ? url : "https://www.youtube.com/"}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          Watch on YouTube
        </a>
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full bg-black">
      <iframe
        src={`${youtubeEmbedUrl(parsed.id)}${autoplay ? "?autoplay=1" : ""}`}
        title={title}
        className="absolute inset-0 h-full w-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        loading="lazy"
      />
      <noscript>
        <a href={youtubeWatchUrl(parsed.id)}>Watch on YouTube</a>
      </noscript>
    </div>
  );
}
