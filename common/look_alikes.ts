/**
 * How alike two pictures are, in words (issue 34 point 5): the Hamming distance of their 64-bit
 * perceptual hashes (decision 025) read against what the tests measured: a resized, re-encoded or
 * brightened copy is 0-4 bits apart, a cropped one up to 12, unrelated pictures 16 and more.
 */
export const LIKENESS = ["same picture", "very similar", "similar"] as const;
export type Likeness = (typeof LIKENESS)[number];

export function likeness(distance: number): Likeness {
  if (distance <= 4) return "same picture";
  if (distance <= 8) return "very similar";
  return "similar";
}

/** The tooltip: the figure the words stand for. */
export const distanceText = (distance: number) => `${distance} of 64 bits differ`;
