/** The player's first rendition (common/video_quality.ts): fits the screen, held down by the connection. */
import assert from "node:assert/strict";
import { pickRendition } from "../common/video_quality.ts";
import { planRenditions } from "../lib/media/renditions.ts";

const sources = [480, 720, 1080].map((height) => ({ url: `/uploads/v/${height}.mp4`, height }));
const pick = (v: Parameters<typeof pickRendition>[1]) => pickRendition(sources, v)?.height;

Deno.test("[player] the smallest rendition covering the player's device pixels", () => {
  assert.equal(pick({ cssWidth: 358, dpr: 1 }), 480);
  assert.equal(pick({ cssWidth: 358, dpr: 3 }), 720, "a phone at dpr 3: 1074 px wide, 604 tall");
  assert.equal(pick({ cssWidth: 960, dpr: 1 }), 720);
  assert.equal(pick({ cssWidth: 1280, dpr: 2 }), 1080);
  assert.equal(pickRendition([sources[0]], { cssWidth: 2000, dpr: 2 })?.height, 480, "never more than there is");
  assert.equal(pickRendition([], { cssWidth: 300, dpr: 1 }), null);
});

Deno.test("[player] Save-Data and slow connections start small", () => {
  assert.equal(pick({ cssWidth: 1280, dpr: 2, saveData: true }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "2g" }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "3g" }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "4g", downlink: 3 }), 720);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "4g", downlink: 20 }), 1080);
});

Deno.test("[media] the ladder: 480p always, 720p and 1080p when the short side reaches them, never upscaled", () => {
  const heights = (width: number, height: number) => planRenditions({ width, height }).map((r) => r.height);
  assert.deepEqual(heights(3840, 2160), [480, 720, 1080]);
  assert.deepEqual(heights(1280, 720), [480, 720]);
  assert.deepEqual(heights(1080, 1920), [480, 720, 1080], "portrait: the short side");
  assert.deepEqual(heights(854, 480), [480]);
  assert.deepEqual(heights(320, 241), [240], "below 480: the source's own height, even");
});
