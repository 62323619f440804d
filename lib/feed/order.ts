/** The computed orders: trending's score and the seeded shuffle (pure functions of the inputs). */

const DAY_MS = 86_400_000;

/**
 * Trending score: engagement divided by the square of (age in days + 1), so a like or a view
 * counts more the more recent the item is (a day-old item needs four times the engagement of a
 * new one). A like weighs as much as three views; +1 keeps items without engagement ordered by
 * age. Ties go to the higher id.
 */
export function trendingScore(r: { likes: number; views: number; createdAt: number }, now: number): number {
  const age = Math.max(0, now - r.createdAt) / DAY_MS + 1;
  return (3 * r.likes + r.views + 1) / (age * age);
}

/** Four 32-bit keys from a seed string (FNV-1a, then an xorshift stream). */
function seedKeys(seed: string): [number, number, number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  const next = () => {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    return h >>> 0;
  };
  return [next() | 1, next(), next(), next() | 1];
}

/**
 * The shuffle: items ordered by a seeded bijective mix of their id (odd multiply, add, xor,
 * odd multiply, xorshift, all modulo 2^32). Distinct ids get distinct keys, so the order is a
 * total, deterministic permutation for the seed, and it does not depend on which other items
 * exist: a page never moves because another item was added elsewhere in the list.
 */
export function shuffleOrder(ids: ArrayLike<number> & Iterable<number>, seed: string): number[] {
  const key = shuffleKey(seed);
  return Array.from(ids, (id) => [key(id), id] as const).sort((p, q) => p[0] - q[0]).map((p) => p[1]);
}

function shuffleKey(seed: string): (id: number) => number {
  const [a, b, k, c] = seedKeys(seed);
  return (id: number) => {
    let x = (Math.imul(id, a) + b) >>> 0;
    x = Math.imul(x ^ k, c) >>> 0;
    return (x ^ (x >>> 15)) >>> 0;
  };
}

/**
 * The first `count` ids of shuffleOrder(ids, seed) in one pass, without sorting them all: the
 * home page's 30% of fresh shuffles each bring a new seed and show only its first page.
 */
export function shuffleHead(ids: ArrayLike<number> & Iterable<number>, seed: string, count: number): number[] {
  const key = shuffleKey(seed);
  const keys: number[] = [];
  const head: number[] = [];
  for (const id of ids) {
    const k = key(id);
    if (keys.length === count && k >= keys[count - 1]) continue;
    let at = keys.length === count ? count - 1 : keys.length;
    while (at > 0 && keys[at - 1] > k) {
      keys[at] = keys[at - 1];
      head[at] = head[at - 1];
      at--;
    }
    keys[at] = k;
    head[at] = id;
  }
  return head;
}
