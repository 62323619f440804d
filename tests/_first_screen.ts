/**
 * A catalogue like the bench's (bench/_seed.ts: videos, images and YouTube embeds over every
 * category, item 7 featured) with real 640x360 JPEG thumbnails on disk, and a forum: what the
 * first-screen tests measure and look at.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import type { Db } from "../db/client.ts";
import type { Config } from "../lib/config.ts";
import { seedItems } from "../bench/_seed.ts";
import { seedForum } from "../bench/_seed_forum.ts";

const COLORS = ["#3b2f5c", "#1f4e5f", "#5c2f3b", "#2f5c3b", "#5c4b2f", "#2f3b5c"];

export async function seedFirstScreen(db: Db, config: Pick<Config, "uploadsDir">) {
  await seedItems(db, 200);
  await seedForum(db, 60);
  await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
  mkdirSync(`${config.uploadsDir}/t`, { recursive: true });
  for (const [i, background] of COLORS.entries()) {
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background } }).jpeg().toBuffer();
    writeFileSync(`${config.uploadsDir}/t/firstscreen${i}.jpg`, jpeg);
  }
  await db.client.execute(
    `UPDATE media SET thumbnail_key = 't/firstscreen' || (id % ${COLORS.length}) || '.jpg' WHERE review_status = 'approved'`,
  );
}
