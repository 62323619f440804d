/** Auto quality (common/video_quality.ts): fits the player, held down by Save-Data, 2g/3g or stalls; the player's keys. */
import assert from "node:assert/strict";
import { pickRendition, stepDown, wantedHeight } from "../common/video_quality.ts";
import { keyAction } from "../components/ui/player_keys.ts";
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

Deno.test("[player] Save-Data and 2g/3g start small; the downlink estimate alone never lowers it (issue 35)", () => {
  assert.equal(pick({ cssWidth: 1280, dpr: 2, saveData: true }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "slow-2g" }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "2g" }), 480);
  assert.equal(pick({ cssWidth: 1280, dpr: 2, effectiveType: "3g" }), 480);
  // The desktop: a 1008 px player, Chromium's estimate 1.45 Mbit/s on a line that played 1080p.
  const desktop = { cssWidth: 1008, dpr: 1, effectiveType: "4g", downlink: 1.45 } as Parameters<typeof pick>[0];
  assert.equal(pick(desktop), 720);
  assert.equal(pick({ ...desktop, dpr: 2 }), 1080);
});

Deno.test("[player] the player's device pixels: a box shorter than 16:9 counts as it is", () => {
  assert.equal(wantedHeight({ cssWidth: 1000, dpr: 1 }), 563);
  assert.equal(wantedHeight({ cssWidth: 1000, cssHeight: 300, dpr: 2 }), 600);
  assert.equal(wantedHeight({ cssWidth: 400, dpr: 5 }), 675, "the ratio counts up to 3");
});

Deno.test("[player] after stalls: one step down, capped from then on; the smallest stays", () => {
  assert.equal(stepDown(sources, 1080), 720);
  assert.equal(stepDown(sources, 720), 480);
  assert.equal(stepDown(sources, 480), 480);
  assert.equal(pickRendition(sources, { cssWidth: 1280, dpr: 2 }, stepDown(sources, 1080))?.height, 720);
  assert.equal(pickRendition(sources, { cssWidth: 1280, dpr: 2, effectiveType: "3g" }, 720)?.height, 480, "the lower cap wins");
});

Deno.test("[player] keys: Space/k, j/l, arrows, m, f, digits, ? (either case); others are not shortcuts", () => {
  assert.deepEqual([" ", "k", "K"].map(keyAction), Array(3).fill({ kind: "toggle" }));
  assert.deepEqual(["j", "l", "ArrowLeft", "ArrowRight"].map(keyAction), [-10, 10, -5, 5].map((by) => ({ kind: "seek", by })));
  assert.deepEqual(["ArrowUp", "ArrowDown"].map(keyAction), [0.1, -0.1].map((by) => ({ kind: "volume", by })));
  assert.deepEqual(["m", "F", "?"].map(keyAction), [{ kind: "mute" }, { kind: "fullscreen" }, { kind: "keys" }]);
  assert.deepEqual(keyAction("0"), { kind: "tenth", n: 0 });
  assert.deepEqual(keyAction("7"), { kind: "tenth", n: 7 });
  for (const other of ["a", "Enter", "Escape", "Tab", "Home", "10", "F1"]) assert.equal(keyAction(other), null, other);
});

Deno.test("[media] the ladder: 480p always, 720p, 1080p and 2160p when the short side reaches them, never upscaled", () => {
  const heights = (width: number, height: number) => planRenditions({ width, height }).map((r) => r.height);
  assert.deepEqual(heights(3840, 2160), [480, 720, 1080, 2160]);
  assert.deepEqual(heights(3840, 2000), [480, 720, 1080], "2160p only when the source reaches it");
  assert.deepEqual(heights(1280, 720), [480, 720]);
  assert.deepEqual(heights(1080, 1920), [480, 720, 1080], "portrait: the short side");
  assert.deepEqual(heights(854, 480), [480]);
  assert.deepEqual(heights(320, 241), [240], "below 480: the source's own height, even");
});
