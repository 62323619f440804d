/** Test pictures for look-alikes (issue 25): a scene per seed, and the copies a re-uploader makes. */
import { Buffer } from "node:buffer";
import sharp from "sharp";

/** A 640x480 picture of shapes and a caption, different per seed. */
export function scene(seed: number): Promise<Buffer> {
  const w = 640, h = 480;
  const shapes = Array.from({ length: 12 }, (_, i) => {
    const r = ((seed * 9301 + i * 49297) % 233280) / 233280;
    const r2 = ((seed * 7 + i * 131) % 97) / 97;
    const fill = `hsl(${(i * 61 + seed * 13) % 360},70%,${30 + i * 4}%)`;
    return `<circle cx="${(r * w) | 0}" cy="${(r2 * h) | 0}" r="${20 + ((r * r2 * 120) | 0)}" fill="${fill}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<rect width="100%" height="100%" fill="hsl(${(seed * 47) % 360},60%,50%)"/>${shapes}` +
    `<text x="40" y="240" font-size="80" fill="white">Dream ${seed}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
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
