import { useEffect, useRef, useState } from "react";
import { formatMb, maxSizeText, UPLOAD_MSG, UPLOAD_TOAST, VIDEO_ADVICE } from "../../../common/upload_rules.ts";

export type FileKind = "video" | "image";

/** The types the server accepts (it sniffs the bytes; this only spares a pointless transfer). */
export const ACCEPT: Record<FileKind, string> = {
  video: "video/mp4,video/quicktime,video/webm",
  image: "image/jpeg,image/png,image/webp,image/gif,image/avif",
};

/**
 * What the server would refuse, said before any byte goes (issue 27, upload help): the type and
 * the size. Null when the file can be sent.
 */
export function fileProblem(file: File, kind: FileKind, maxBytes: number): { title: string; text: string } | null {
  if (!ACCEPT[kind].split(",").includes(file.type)) {
    return { title: UPLOAD_TOAST.invalidType, text: kind === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile };
  }
  if (file.size > maxBytes) return { title: UPLOAD_TOAST.tooLarge, text: maxSizeText(maxBytes) };
  return null;
}

type Props = { kind: FileKind; file: File | null; maxBytes: number; choose: (file: File | null) => void };

/**
 * The file field of the upload dialog with a preview of the chosen file (the video's first frame,
 * or the image) and what the form checks before sending: a refused type or size shows at once.
 * The rules' duration (over 10 s, at most 15 min) is a review rule, not a check the server makes
 * (spec part 1 §5 enforces only the size): a clip outside it is sent, with a warning here that
 * review will likely reject it. Files dropped on the dialog arrive through `choose` too.
 */
export function FilePicker({ kind, file, maxBytes, choose }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A dropped file shows in the field too, as if picked there.
  useEffect(() => {
    const el = input.current;
    if (!el || !file || el.files?.[0] === file) return;
    const data = new DataTransfer();
    data.items.add(file);
    el.files = data.files;
  }, [file]);
  useEffect(() => {
    setDuration(null);
    if (!file || !file.type.startsWith(`${kind}/`)) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file, kind]);
  const problem = file ? fileProblem(file, kind, maxBytes) : null;
  const advice = kind === "video" && duration !== null && (duration < VIDEO_ADVICE.minSeconds || duration > VIDEO_ADVICE.maxSeconds);

  return (
    <div className="block text-sm font-medium text-neutral-200">
      <label htmlFor="upload-file">{kind === "video" ? "Video file" : "Image file"}</label>
      <input
        ref={input}
        id="upload-file"
        name="file"
        type="file"
        accept={ACCEPT[kind]}
        className="field mt-1"
        aria-invalid={!!problem}
        aria-describedby="upload-file-hint"
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <span id="upload-file-hint" className="mt-1 block text-xs font-normal text-neutral-400">
        {kind === "video" ? `MP4, MOV or WebM, up to ${formatMb(maxBytes)}` : `JPEG, PNG, WebP, GIF or AVIF, up to ${formatMb(maxBytes)}`}
        {" — or drop the file on this dialog."}
      </span>
      {file && (
        <span className="mt-1 block text-xs font-normal text-neutral-300" data-testid="upload-file-name">
          {`${file.name} · ${file.size < 1_000_000 ? `${Math.max(1, Math.round(file.size / 1000))} KB` : formatMb(file.size)}`}
        </span>
      )}
      {problem && <span role="alert" className="field-error block" data-testid="upload-file-problem">{problem.text}</span>}
      {url && !problem && (
        <div className="mt-2 overflow-hidden rounded-lg bg-black" data-testid="upload-preview">
          {kind === "video"
            ? (
              <video
                src={url}
                muted
                playsInline
                preload="metadata"
                className="mx-auto max-h-48"
                onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : null)}
              />
            )
            : <img src={url} alt="Preview of the chosen image" className="mx-auto max-h-48" />}
        </div>
      )}
      {advice && (
        <span role="status" className="mt-1 block text-xs font-normal text-amber-300" data-testid="upload-duration-advice">
          {VIDEO_ADVICE.text(duration!)}
        </span>
      )}
    </div>
  );
}
