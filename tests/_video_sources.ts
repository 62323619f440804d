/** Test videos in the codecs people upload, made by ffmpeg in the test (tiny unless size is the point). */
export type SourceSpec = { name: string; ext: string; mime: string; args: string[] };

const SINE = (s: number) => ["-f", "lavfi", "-i", `sine=frequency=440:duration=${s}`];
const SRC = (size: string, s: number, rate = 10) => ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}:duration=${s}`];

/** A plain H.264 MP4 of the test pattern, no audio: for tests where only its size and length matter. */
export const h264 = (size: string, seconds: number, rate = 10) => ({
  ext: "mp4",
  args: [...SRC(size, seconds, rate), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
});

export const SOURCES = {
  hevc: {
    name: "phone.mp4",
    ext: "mp4",
    mime: "video/mp4",
    args: [
      ...SRC("320x240", 1.5),
      ...SINE(1.5),
      "-c:v",
      "libx265",
      "-preset",
      "ultrafast",
      "-x265-params",
      "log-level=error",
      "-tag:v",
      "hvc1",
      "-c:a",
      "aac",
      "-shortest",
    ],
  },
  vp9: {
    name: "clip.webm",
    ext: "webm",
    mime: "video/webm",
    args: [
      ...SRC("320x180", 1.5),
      ...SINE(1.5),
      "-c:v",
      "libvpx-vp9",
      "-deadline",
      "realtime",
      "-cpu-used",
      "8",
      "-b:v",
      "300k",
      "-c:a",
      "libopus",
      "-shortest",
    ],
  },
  prores: {
    name: "edit.mov",
    ext: "mov",
    mime: "video/quicktime",
    args: [...SRC("320x240", 1), ...SINE(1), "-c:v", "prores_ks", "-profile:v", "0", "-c:a", "pcm_s16le", "-shortest"],
  },
  uhd: {
    name: "uhd.mp4",
    ext: "mp4",
    mime: "video/mp4",
    args: [
      ...SRC("3840x2160", 1, 5),
      ...SINE(1),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
    ],
  },
} satisfies Record<string, SourceSpec>;

/** Makes a video with ffmpeg; its bytes. */
export async function makeVideo(spec: { ext: string; args: string[] }): Promise<Uint8Array> {
  const out = await Deno.makeTempFile({ suffix: `.${spec.ext}` });
  try {
    const r = await new Deno.Command("ffmpeg", { args: ["-v", "error", "-y", ...spec.args, out] }).output();
    if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
    return await Deno.readFile(out);
  } finally {
    await Deno.remove(out).catch(() => {});
  }
}

export type Probed = {
  format: { duration?: string; format_name?: string };
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    bit_rate?: string;
  }[];
};

/** ffprobe's JSON for a file. */
export async function ffprobe(path: string): Promise<Probed> {
  const r = await new Deno.Command("ffprobe", { args: ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path] })
    .output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  return JSON.parse(new TextDecoder().decode(r.stdout));
}
