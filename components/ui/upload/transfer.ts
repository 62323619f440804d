/** Moving an upload's bytes: the poster captured in the browser, and the file sent with progress. */
export type Capture = { thumbnail: string | null; duration: number | null };

const THUMB_AT_S = 1;
const THUMB_FALLBACK_MS = 10_000;
const FILE_TIMEOUT_MS = 120_000;

/**
 * The poster of a video, captured in the browser about 1 s in as a JPEG at 0.7 quality, and its
 * duration read from the file; after 10 s without a frame the placeholder is used (null).
 */
export function captureVideo(file: File): Promise<Capture> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let duration: number | null = null;
    let done = false;
    const finish = (thumbnail: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve({ thumbnail, duration });
    };
    const timer = setTimeout(() => finish(null), THUMB_FALLBACK_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onloadedmetadata = () => {
      duration = Number.isFinite(video.duration) ? video.duration : null;
      video.currentTime = Math.min(THUMB_AT_S, (duration ?? 2) / 2);
    };
    video.onseeked = () => {
      try {
        const scale = Math.min(1, 640 / (video.videoWidth || 640));
        const canvas = document.createElement("canvas");
        canvas.width = Math.round((video.videoWidth || 640) * scale);
        canvas.height = Math.round((video.videoHeight || 360) * scale);
        canvas.getContext("2d")!.drawImage(video, 0, 0, canvas.width, canvas.height);
        finish(canvas.toDataURL("image/jpeg", 0.7));
      } catch {
        finish(null);
      }
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}

export type FileAnswer = { status: number; body: { url?: string; error?: string } | null };

/** The file goes by XMLHttpRequest, whose upload events give a real progress bar. */
export function sendFile(file: File, onProgress: (pct: number) => void, xhrRef: { current: XMLHttpRequest | null }): Promise<FileAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", "/api/upload/file");
    xhr.withCredentials = true;
    // 120 s (spec), stretched for big files so a 750 MB video on a 10 Mbit/s line can finish.
    xhr.timeout = Math.max(FILE_TIMEOUT_MS, Math.ceil(file.size / 1_000_000) * 1000);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    const done = (status: number) => {
      let body = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch { /* not JSON */ }
      xhrRef.current = null;
      resolve({ status, body });
    };
    xhr.onload = () => done(xhr.status);
    xhr.onerror = () => done(0);
    xhr.ontimeout = () => done(0);
    xhr.onabort = () => done(-1);
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
