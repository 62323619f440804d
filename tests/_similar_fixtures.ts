/**
 * Test pictures for look-alikes (issue 25): a scene per seed, and the copies a re-uploader makes.
 * The scenes are drawn pixel by pixel here, with no SVG renderer and no text: a caption drawn with
 * the machine's fonts moved the "all four" copy from 10 to 12 bits on a machine without Chromium's
 * and ffmpeg's fonts (issue 36 point 1). The same seed gives the same pixels on every machine.
 */
import { Buffer } from "node:buffer";
import sharp from "sharp";

const W = 640, H = 480;
type Rgb = [number, number, number];

/** mulberry32: a small seeded generator, so a scene depends on its seed alone. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

type Shape = { inside: (x: number, y: number) => boolean; rgb: Rgb };

/** A 640x480 picture, different per seed: a two-colour gradient under 6 rectangles and 10 discs. */
export function scene(seed: number): Promise<Buffer> {
  const r = random(seed * 7919 + 1);
  const colour = () => hsl(r() * 360, 0.7, 0.1 + r() * 0.8);
  const from = hsl(r() * 360, 0.6, 0.25 + r() * 0.5), to = hsl(r() * 360, 0.6, 0.25 + r() * 0.5);
  const angle = r() * Math.PI * 2, cos = Math.cos(angle), sin = Math.sin(angle);
  const shapes: Shape[] = [];
  for (let i = 0; i < 6; i++) {
    const x0 = r() * W, y0 = r() * H, w = 40 + r() * 220, h = 30 + r() * 160;
    shapes.push({ inside: (x, y) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h, rgb: colour() });
  }
  for (let i = 0; i < 10; i++) {
    const cx = r() * W, cy = r() * H, radius = 20 + r() * 110;
    shapes.push({ inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius, rgb: colour() });
  }
  const px = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let c = shapes.findLast((s) => s.inside(x, y))?.rgb;
      if (!c) {
        const t = Math.min(1, Math.max(0, 0.5 + ((x - W / 2) * cos + (y - H / 2) * sin) / W));
        c = [0, 1, 2].map((k) => Math.round(from[k] * (1 - t) + to[k] * t)) as Rgb;
      }
      px.set(c, (y * W + x) * 3);
    }
  }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
}

/** What issue 25 names, one by one and all together (as a re-uploader might). */
export async function copiesOf(base: Buffer): Promise<Record<string, Buffer>> {
  const crop = { left: 16, top: 12, width: 608, height: 456 }; // 5% off the width and height
  return {
    "resized to 80%": await sharp(base).resize(512).png().toBuffer(),
    "JPEG quality 60": await sharp(base).jpeg({ quality: 60 }).toBuffer(),
    "5% crop": await sharp(base).extract(crop).png().toBuffer(),
    "brightness +10%": await sharp(base).modulate({ brightness: 1.1 }).png().toBuffer(),
    "all four": await sharp(base).extract(crop).modulate({ brightness: 1.1 }).resize(486).jpeg({ quality: 60 }).toBuffer(),
  };
}
