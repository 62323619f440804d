/**
 * The kept perceptual-hash index (issue 25): every hash as two 32-bit halves in typed arrays,
 * scanned brute force with a popcount. 100,000 hashes are 1.2 MB and one scan takes about a
 * millisecond (bench/similar.ts), so no chunked index is needed at this size. Rows written by
 * another process (a separate job worker) are picked up on the next lookup: the index reads the
 * rows after the last id it holds. Deleted items stay in it; callers check what each id still is.
 */
import { halves, popcount32 } from "./phash.ts";

export class HashIndex {
  #hi = new Uint32Array(1024);
  #lo = new Uint32Array(1024);
  #ids = new Int32Array(1024);
  size = 0;

  add(mediaId: number, hex: string) {
    if (this.size === this.#ids.length) {
      const grow = <T extends Uint32Array | Int32Array>(a: T, make: (n: number) => T) => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.#hi = grow(this.#hi, (n) => new Uint32Array(n));
      this.#lo = grow(this.#lo, (n) => new Uint32Array(n));
      this.#ids = grow(this.#ids, (n) => new Int32Array(n));
    }
    const [h, l] = halves(hex);
    this.#hi[this.size] = h;
    this.#lo[this.size] = l;
    this.#ids[this.size] = mediaId;
    this.size++;
  }

  /** The items within `max` of any of `hexes`, each with its smallest distance, nearest first. */
  near(hexes: string[], max: number, exclude = -1): { mediaId: number; distance: number }[] {
    const best = new Map<number, number>();
    const hi = this.#hi, lo = this.#lo, ids = this.#ids, n = this.size;
    for (const hex of hexes) {
      const [qh, ql] = halves(hex);
      for (let i = 0; i < n; i++) {
        const d = popcount32((hi[i] ^ qh) >>> 0) + popcount32((lo[i] ^ ql) >>> 0);
        if (d <= max) {
          const id = ids[i];
          if (id === exclude) continue;
          const was = best.get(id);
          if (was === undefined || d < was) best.set(id, d);
        }
      }
    }
    return [...best].map(([mediaId, distance]) => ({ mediaId, distance })).sort((a, b) => a.distance - b.distance || a.mediaId - b.mediaId);
  }
}
