/**
 * Sorting 50,000 kept positions with a comparator took 20-40 ms in one go, and a rebuild sorts ten
 * orders: every request queued behind it waited (the home page's p99 at 100,000 items, issue 24).
 * This merge sort does the same work in slices of about SLICE elements and yields between them,
 * so a background rebuild can hand the event loop back to requests; run synchronously, it is one
 * sort.
 */
const RUN = 2_048;
const SLICE = 8_192;

/**
 * Positions ordered by key, larger first, ties to the larger position (ids ascend with
 * position, so ties go to the newer item). Yields after every slice of work.
 */
export function* sortByKeyDesc(pos: Uint32Array, keys: Float64Array): Generator<void, Uint32Array> {
  const n = pos.length;
  const first = (a: number, b: number) => keys[a] > keys[b] || (keys[a] === keys[b] && pos[a] > pos[b]);
  let src = new Uint32Array(n);
  for (let k = 0; k < n; k++) src[k] = k;
  let work = 0;
  for (let lo = 0; lo < n; lo += RUN) {
    src.subarray(lo, Math.min(n, lo + RUN)).sort((a, b) => (first(a, b) ? -1 : first(b, a) ? 1 : 0));
    if ((work += RUN) >= SLICE) (work = 0, yield);
  }
  let dst = new Uint32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) dst[o++] = first(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
      if ((work += hi - lo) >= SLICE) (work = 0, yield);
    }
    [src, dst] = [dst, src];
  }
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) out[k] = pos[src[k]];
  return out;
}

/** Runs the steps to the end at once. */
export function runNow<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs the steps, awaiting `pause` between them. */
export async function runSliced<T>(steps: Generator<void, T>, pause: () => Promise<unknown>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await pause();
  }
}
