/**
 * Pictures the size people upload (issue 35): drawn here from a seed, with no renderer. Smooth waves
 * with a little grain, as generated art is: a 2560x1920 PNG of it is ~12 MB (the upload was
 * 12.7 MB), while its WebP copies are a few hundred KB at most.
 */
import sharp from "sharp";

/** mulberry32: the same picture for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A `width` x `height` picture: waves drawn at a quarter of the size (cheap in JS), scaled up, and a
 * gaussian grain of `grain` (its sigma) laid over by libvips (a 2560x1920 picture in well under a second).
 */
export async function picture(width: number, height: number, seed = 7, grain = 24) {
  const r = random(seed);
  const w = Math.ceil(width / 4), h = Math.ceil(height / 4);
  const px = new Uint8Array(w * h * 3);
  const waves = [0, 1, 2].map(() => [r() * 0.04, r() * 0.04, r() * 6, r() * 0.016, r() * 0.016]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < 3; k++) {
        const [a, b, c, d, e] = waves[k];
        px[(y * w + x) * 3 + k] = 128 + 60 * Math.sin(x * a + y * b + c) + 50 * Math.cos(x * d - y * e);
      }
    }
  }
  const base = await sharp(px, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { fit: "fill" }).raw().toBuffer();
  if (!grain) return sharp(base, { raw: { width, height, channels: 3 } });
  // A band of grain the full width, tiled down the picture: its repeats are further apart than deflate's
  // 32 KB window, so the PNG is as large as with grain everywhere, at a thirtieth of the cost.
  const band = {
    width,
    height: Math.min(height, 64),
    channels: 3 as const,
    background: "#808080",
    noise: { type: "gaussian" as const, mean: 128, sigma: grain },
  };
  const noise = await sharp({ create: band }).png({ compressionLevel: 1 }).toBuffer();
  const grained = await sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, blend: "overlay", tile: true, top: 0, left: 0 }]).raw().toBuffer();
  return sharp(grained, { raw: { width, height, channels: 3 } });
}

/** A PNG picture (a 2560x1920 one is megabytes, as the 12.7 MB upload). */
export async function picturePng(width = 2560, height = 1920, seed = 7) {
  return new Uint8Array(await (await picture(width, height, seed)).png().toBuffer());
}

/** A JPEG picture carrying EXIF with a camera and a GPS block. */
export async function pictureJpeg(width = 4000, height = 3000, seed = 8) {
  const img = (await picture(width, height, seed, 0)).jpeg({ quality: 90 }).withExif({
    IFD0: { Make: "TestCam", Model: "GPS-1" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
  });
  return new Uint8Array(await img.toBuffer());
}

/** An animated GIF of `frames` different frames, 100 ms apart, looping. */
export async function animatedGif(width = 800, height = 600, frames = 4) {
  const strip = await (await picture(width, height * frames, 9, 0)).raw().toBuffer();
  const gif = sharp(strip, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: Array(frames).fill(100) });
  return new Uint8Array(await gif.toBuffer());
}
