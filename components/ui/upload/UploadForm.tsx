import { useEffect, useRef, useState } from "react";
import { parseYoutubeUrl } from "../../../common/youtube.ts";
import { Dialog } from "../Dialog.tsx";
import { dismissErrorToast, toast } from "../toast.ts";
import { maxSizeText, UPLOAD_MSG, UPLOAD_TOAST, UPLOADED_EVENT } from "../../../common/upload_rules.ts";
import type { ApiErrorBody, CategoryOption, SessionUser } from "../../../common/api_types.ts";
import { ERROR_CODES } from "../../../common/error_codes.ts";
import type { Quota } from "../../../common/quota_rules.ts";
import { QuotaSummary } from "../QuotaSummary.tsx";
import { sniff, SNIFF_BYTES } from "../../../common/sniff.ts";
import { type Capture, captureVideo, sendFile } from "./transfer.ts";
import { type FileKind, FilePicker, fileProblem } from "./FilePicker.tsx";
import {
  type Fields,
  initialFields,
  LABEL,
  MetadataFields,
  type Tab,
  TabButton,
  TABS,
  UploadProgress,
  UploadRules,
} from "./UploadFields.tsx";

export type UploadLimits = { maxVideoBytes: number; maxImageBytes: number };
/** `opens` counts the Upload button's clicks: each new count opens the dialog. */
type Props = UploadLimits & { opens: number };

/**
 * The payload schema (and zod/mini with it, ~8 KB gzipped) is fetched when the dialog opens, not
 * with every member's page; a dynamic import is fetched once and then shared.
 */
const loadSchema = () => import("../../../common/schemas/media.ts");

const CREATE_TIMEOUT_MS = 60_000;

/**
 * The upload dialog (spec part 1 §4), loaded by the UploadDialog island on the first click of its
 * button: most pages a member opens never show it.
 */
export function UploadForm({ maxVideoBytes, maxImageBytes, opens }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const capture = useRef<Promise<Capture> | null>(null);
  const [tab, setTab] = useState<Tab>("video");
  const [fields, setFields] = useState(initialFields);
  const [file, setFile] = useState<File | null>(null);
  const [categories, setCategories] = useState<CategoryOption[] | null>(null);
  const [categoriesError, setCategoriesError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [quota, setQuota] = useState<Quota | null>(null);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  async function open() {
    dialog.current?.showModal();
    loadSchema().catch(() => {}); // a failure shows on submit
    // The member's upload quota (issue 41 point 3), read at each opening: it moves with every upload.
    fetch("/api/user", { credentials: "include", headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() as Promise<SessionUser> : null))
      .then((me) => setQuota(me?.quota ?? null), () => setQuota(null));
    try {
      const res = await fetch("/api/categories", { credentials: "include", headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      setCategories(await res.json());
      setCategoriesError(false);
    } catch {
      setCategoriesError(true);
    }
  }

  /** Closing resets every field (spec part 1 §4) and stops a transfer still running. */
  function reset() {
    dismissErrorToast();
    xhr.current?.abort();
    capture.current = null;
    setTab("video");
    setFields(initialFields);
    setFile(null);
    setBusy(false);
    setProgress(null);
    setError(null);
    setFormKey((k) => k + 1);
  }

  function switchTab(next: Tab) {
    setTab(next);
    setFile(null);
    capture.current = null;
    setError(null);
    setFormKey((k) => k + 1);
  }

  function chooseFile(f: File | null, kind: FileKind) {
    setFile(f);
    setError(null);
    dismissErrorToast();
    capture.current = f && kind === "video" && !fileProblem(f, kind, maxVideoBytes) ? captureVideo(f) : null;
  }

  /** A file dropped anywhere on the dialog: its type picks the Video or Image tab (issue 27, upload help). */
  function drop(e: React.DragEvent) {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files[0];
    if (!f || busy) return;
    const kind: FileKind = f.type.startsWith("image/")
      ? "image"
      : f.type.startsWith("video/")
      ? "video"
      : tab === "image"
      ? "image"
      : "video";
    if (kind !== tab) switchTab(kind);
    chooseFile(f, kind);
  }

  const fail = (title: string, description?: string): false => {
    setError(description ?? title);
    toast({ title, description, variant: "destructive" });
    return false;
  };

  /** The fields of the `POST /api/videos` payload the form itself holds (the file's URL comes after its upload). */
  const payload = (fileUrl: string | null) => ({
    title: fields.title.trim(),
    description: fields.description,
    aiGenerator: fields.aiChoice === "Other" ? fields.aiCustom.trim() : fields.aiChoice,
    prompt: fields.prompt,
    tags: fields.tags,
    categoryId: Number(fields.categoryId),
    contentType: tab === "youtube" ? "embed" as const : tab,
    videoUrl: tab === "video" ? fileUrl : tab === "youtube" ? fields.youtubeUrl.trim() : null,
    imageUrl: tab === "image" ? fileUrl : null,
  });

  /**
   * The spec's checks, in its order (part 1 §5): the route's payload schema (title, category),
   * then what only the form knows (an AI tool even for images, the link, the chosen file).
   */
  async function validate(): Promise<boolean> {
    let schemas;
    try {
      schemas = await loadSchema();
    } catch {
      return fail(UPLOAD_TOAST.errorTitle, UPLOAD_TOAST.errorText);
    }
    const checked = schemas.createMediaSchema.safeParse(payload(null));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return issue.path[0] === "title" ? fail(UPLOAD_TOAST.invalidTitle, issue.message) : fail(issue.message);
    }
    if (!checked.data.aiGenerator) return fail(UPLOAD_MSG.aiTool);
    if (tab === "youtube") {
      const parsed = parseYoutubeUrl(fields.youtubeUrl);
      if ("error" in parsed) return fail(parsed.error);
      return true;
    }
    if (!file) return fail(tab === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile);
    // The type and the size, as the server would refuse them, before any byte goes.
    const problem = fileProblem(file, tab, tab === "video" ? maxVideoBytes : maxImageBytes);
    if (problem) return fail(problem.title, problem.text);
    // The type from the first bytes, as the server decides it (common/sniff.ts): a text file named
    // .mp4 went up to 100% before the server's 415 (issue 36 point 15).
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (sniff(head)?.kind !== tab) return fail(UPLOAD_TOAST.invalidType, tab === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile);
    return true;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    dismissErrorToast();
    setBusy(true);
    try {
      if (!(await validate())) return;
      let fileUrl: string | null = null;
      if (tab !== "youtube") {
        setProgress(0);
        const answer = await sendFile(file!, setProgress, xhr);
        if (answer.status === -1) return;
        // No answer (network error, timeout): the spec's generic texts, never the browser's.
        if (answer.status === 0) return fail(UPLOAD_TOAST.errorTitle, UPLOAD_TOAST.errorText);
        const code = (answer.body as { code?: string } | null)?.code;
        // A quota names itself in the server's words; the size limit keeps the spec's toast.
        if (code === ERROR_CODES.uploadQuota || code === ERROR_CODES.dailyUploadQuota) {
          return fail(UPLOAD_TOAST.errorTitle, answer.body?.error ?? UPLOAD_TOAST.errorText);
        }
        if (answer.status === 413) return fail(UPLOAD_TOAST.tooLarge, maxSizeText(tab === "video" ? maxVideoBytes : maxImageBytes));
        if (answer.status === 415) return fail(UPLOAD_TOAST.invalidType, tab === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile);
        if (answer.status < 200 || answer.status > 299 || !answer.body?.url) {
          return fail(UPLOAD_TOAST.errorTitle, answer.body?.error ?? UPLOAD_TOAST.fileFailed);
        }
        fileUrl = answer.body.url;
      }
      const me = await fetch("/api/user", { credentials: "include", headers: { Accept: "application/json" } });
      if (!me.ok) return fail(UPLOAD_TOAST.errorTitle, UPLOAD_TOAST.notLoggedIn);
      const user = await me.json() as SessionUser;
      const shot = tab === "video" && capture.current ? await capture.current : { thumbnail: null, duration: null };
      const res = await fetch("/api/videos", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
        body: JSON.stringify({
          userId: user.id,
          ...payload(fileUrl),
          thumbnail: shot.thumbnail,
          resolution: "HD",
          duration: shot.duration != null ? Math.round(shot.duration) : null,
          credits: 0,
        }),
      });
      const body = await res.json().catch(() => null) as ApiErrorBody | null;
      // The server names the item it duplicates when that one is public (issue 36 point 15).
      if (body?.code === ERROR_CODES.duplicate) {
        return fail(
          UPLOAD_TOAST.duplicateTitle,
          body.error && body.error !== UPLOAD_MSG.duplicate ? body.error : UPLOAD_TOAST.duplicateText,
        );
      }
      if (!res.ok) return fail(UPLOAD_TOAST.errorTitle, body?.error ?? UPLOAD_TOAST.errorText);
      toast({ title: UPLOAD_TOAST.successTitle, description: UPLOAD_TOAST.successText });
      // My Videos (when open) adds the new item at once (issue 27 point 3).
      dispatchEvent(new CustomEvent(UPLOADED_EVENT, { detail: body }));
      dialog.current?.close();
    } catch {
      // A failed or timed-out fetch: the browser's own text ("Failed to fetch") means nothing here.
      fail(UPLOAD_TOAST.errorTitle, UPLOAD_TOAST.errorText);
    } finally {
      setBusy(false);
    }
  }

  const max = tab === "video" ? maxVideoBytes : maxImageBytes;

  // Mounted by the first click, so it opens on mount, then on each further click.
  useEffect(() => {
    if (opens > 0) open();
  }, [opens]);

  return (
    <Dialog
      dialogRef={dialog}
      title="Upload content"
      onClose={reset}
      closeOnBackdrop={false}
      className="fixed inset-0 h-fit max-h-[90vh] w-[min(36rem,94vw)] overflow-y-auto"
    >
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => e.currentTarget.contains(e.relatedTarget as Node | null) || setDragging(false)}
        onDrop={drop}
        data-testid="upload-drop"
        className={`rounded-lg ${dragging ? "outline-2 outline-offset-4 outline-dashed outline-orange-400" : ""}`}
      >
        <div role="tablist" className="mb-4 flex gap-1 rounded-lg bg-neutral-950 p-1">
          {TABS.map(([t, name]) => <TabButton key={t} tab={t} name={name} active={tab === t} busy={busy} choose={switchTab} />)}
        </div>
        <form key={formKey} onSubmit={submit} noValidate className="flex flex-col gap-3">
          <MetadataFields fields={fields} set={set} categories={categories} categoriesError={categoriesError} />
          {tab === "youtube"
            ? (
              <label className={LABEL}>
                YouTube link
                <input
                  name="youtubeUrl"
                  type="url"
                  className="field mt-1"
                  placeholder="https://www.youtube.com/watch?v=…"
                  maxLength={2000}
                  value={fields.youtubeUrl}
                  onChange={set("youtubeUrl")}
                />
              </label>
            )
            : <FilePicker kind={tab} file={file} maxBytes={max} choose={(f) => chooseFile(f, tab)} />}
          {tab !== "youtube" && <UploadRules tab={tab} maxVideoBytes={maxVideoBytes} maxImageBytes={maxImageBytes} />}
          {tab !== "youtube" && <QuotaSummary quota={quota} />}
          {progress !== null && <UploadProgress progress={progress} />}
          {error && <p role="alert" className="field-error">{error}</p>}
          <p className="text-xs text-neutral-400">Everything uploaded is reviewed before it is shown.</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>Cancel</button>
            <button type="submit" className="btn-primary" disabled={busy}>{busy ? "Uploading..." : "Upload"}</button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
