/**
 * Perceptual hashes (issue 25): a 64-bit DCT pHash of a picture, so a copy that was resized,
 * re-encoded, slightly cropped or brightened is found by a small Hamming distance where its
 * SHA-256 differs entirely. The picture is reduced to 32x32 grey, a 2-D DCT taken, and the 8x8
 * lowest frequencies (without the DC term's row and column 0 weight) compared with their median.
 * Hashes of two algorithms do not compare: each stored hash carries PHASH_ALGO beside it.
 * Pure arithmetic on 32x32 grey pixels (sharp makes them: lib/media/similar_hash.ts), run in the
 * parse worker for uploads (decision 027): an animation is up to MAX_IMAGE_FRAMES of them.
 */

/** Stored beside every hash; bump the version when the computation changes. */
export const PHASH_ALGO = "dct-phash-v1";
const N = 32;
const K = 8;

/** cos((2x+1)uπ/2N), computed once. */
const COS = (() => {
  const t = new Float64Array(N * N);
  for (let u = 0; u < N; u++) for (let x = 0; x < N; x++) t[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return t;
})();

/**
 * The hash of 32x32 grey pixels as 16 hex digits, or null for a nearly uniform picture (a black
 * frame's bits are noise and would match every other black frame).
 */
export function phashOfPixels(px: Uint8Array): string | null {
  if (px.length !== N * N) throw new Error("phash needs 32x32 grey pixels");
  if (frameDetail(px) < 4) return null;
  // Only the K lowest frequencies are needed: rows first, then columns, both cut to K.
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += px[y * N + x] * COS[u * N + x];
      rows[y * K + u] = s;
    }
  }
  const coef = new Float64Array(K * K);
  for (let v = 0; v < K; v++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u] * COS[v * N + y];
      coef[v * K + u] = s;
    }
  }
  // The DC term is the mean brightness: left out of the median so a brightened copy keeps its bits.
  const sorted = Array.from(coef.subarray(1)).sort((a, b) => a - b);
  const median = (sorted[31] + sorted[32]) / 2;
  let hi = 0, lo = 0;
  for (let i = 0; i < 64; i++) {
    const bit = i === 0 ? 0 : coef[i] > median ? 1 : 0;
    if (i < 32) hi = (hi << 1) | bit;
    else lo = (lo << 1) | bit;
  }
  return (hi >>> 0).toString(16).padStart(8, "0") + (lo >>> 0).toString(16).padStart(8, "0");
}

/** Pixels in one 32x32 grey frame. */
export const FRAME_BYTES = N * N;

/** Hashes stored for one item at most (the most detailed frame's first); the checks at upload use them all. */
export const MAX_STORED_HASHES = 64;
/** Frames of an animation whose hashes are this close to one already kept add nothing (a still scene). */
const SAME_FRAME = 3;

/** How detailed a frame is: the variance of its grey levels (0 for a uniform frame). */
export function frameDetail(px: Uint8Array): number {
  let mean = 0;
  for (const v of px) mean += v;
  mean /= px.length;
  let sum = 0;
  for (const v of px) sum += (v - mean) ** 2;
  return sum / px.length;
}

/**
 * The hashes of consecutive 32x32 frames (issue 31 point 5: a plain first frame hid the second):
 * every frame's, uniform frames and near-repeats left out, the most detailed frame's first; and
 * which frame that is (the review thumbnail shows it, never a uniform frame).
 */
export function frameHashes(pixels: Uint8Array): { hashes: string[]; detailed: number } {
  const count = Math.floor(pixels.length / FRAME_BYTES);
  const frame = (i: number) => pixels.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES);
  let detailed = 0;
  let most = -1;
  for (let i = 0; i < count; i++) {
    const d = frameDetail(frame(i));
    if (d > most) [most, detailed] = [d, i];
  }
  const hashes: string[] = [];
  for (const i of [detailed, ...Array.from({ length: count }, (_, k) => k).filter((k) => k !== detailed)]) {
    const h = phashOfPixels(frame(i));
    if (h && !hashes.some((k) => hammingHex(k, h) <= SAME_FRAME)) hashes.push(h);
  }
  return { hashes, detailed };
}

/** Bits set in a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The two 32-bit halves of a hash. */
export const halves = (hex: string): [number, number] => [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8), 16) >>> 0];

/** Hamming distance between two hashes (0 to 64). */
export function hammingHex(a: string, b: string): number {
  const [ah, al] = halves(a);
  const [bh, bl] = halves(b);
  return popcount32((ah ^ bh) >>> 0) + popcount32((al ^ bl) >>> 0);
}
