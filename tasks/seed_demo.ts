/**
 * Seeds a data directory with the demo site: accounts, 43 approved items (video, image, embed)
 * with likes, comments, views and dates over the last 60 days, 3 pending items, and a few forum threads.
 * Idempotent: a directory that already has the demo admin is left as it is.
 */
import { stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Db, writeTx } from "../db/client.ts";
import { categorySlugs, insertCommentRows, insertLikeRows, insertMediaRows, userExists } from "../db/queries/seed.ts";
import { insertUser } from "../db/queries/users.ts";
import type { comments, likes, media } from "../db/schema/mod.ts";
import { AI_GENERATORS } from "../common/ai_tools.ts";
import type { Config } from "../lib/config.ts";
import { hashPassword } from "../lib/auth/passwords.ts";
import { newKey, storeFor } from "../lib/media/storage.ts";
import { DEMO_EMBEDS, DEMO_IMAGES, DEMO_PENDING, DEMO_VIDEOS } from "./demo_catalog.ts";
import { seedDemoForum } from "./seed_demo_forum.ts";

const DEMO_DIR = fileURLToPath(new URL("../static/demo/", import.meta.url));
const DAY = 86_400_000;

/** Fixed, documented demo credentials (README): the demo runs on its own data directory only. */
export const DEMO_ACCOUNTS = [
  { username: "demo_admin", password: "dreamreel-admin", isAdmin: true },
  { username: "mira_lumen", password: "dreamreel-demo", isAdmin: false },
  { username: "kenji_frames", password: "dreamreel-demo", isAdmin: false },
  { username: "ola_pixels", password: "dreamreel-demo", isAdmin: false },
] as const;

/** Accounts that only like and comment (no password: they cannot sign in). */
const AUDIENCE = [
  "nova_reel",
  "pixel_pilgrim",
  "latent_larry",
  "frame_fox",
  "dream_weaver",
  "synth_sara",
  "prompt_poet",
  "render_rita",
  "diffuse_dan",
  "tensor_tess",
  "vapor_vic",
  "glitch_gwen",
  "motion_moe",
  "seed_sam",
  "noise_nia",
  "kling_kai",
  "sora_sol",
  "veo_vera",
];

const COMMENTS = [
  "This is hypnotic, I watched it five times.",
  "What settings did you use for the colours?",
  "The motion is so smooth. Great prompt!",
  "Love the palette here.",
  "Would make a perfect wallpaper.",
  "How long did this take to render?",
  "The camera move is seamless, nice work.",
  "This belongs in a gallery.",
  "Reminds me of 90s demoscene intros.",
  "Can you share the full prompt?",
  "Instant follow.",
  "The detail at the end is wild.",
  "Pure dream logic. Love it.",
  "Best thing on my feed today.",
];

const DESCRIPTIONS = [
  "A short experiment with procedural textures and slow camera moves.",
  "Made in one evening, mostly by tweaking the seed until something clicked.",
  "Part of a series about patterns that grow on their own.",
  "Rendered at low resolution on purpose: the pixels are the point.",
  "",
];

/** Small deterministic PRNG so every fresh demo looks the same. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function storeCopy(config: Config, source: string, kind: "v" | "i" | "t", ext: string) {
  const key = newKey(kind, ext);
  await storeFor(config).copyIn(source, key);
  return { key, size: (await stat(source)).size };
}

/** A second stored copy of a stored object (the pending items reuse approved ones' files). */
async function storeCopyOf(config: Config, key: string, kind: "v" | "i" | "t") {
  const copy = (await storeFor(config).local(key))!;
  try {
    return await storeCopy(config, copy.path, kind, key.split(".").pop()!);
  } finally {
    await copy.release();
  }
}

export type SeedResult = { seeded: boolean; accounts: typeof DEMO_ACCOUNTS };

export async function seedDemo(config: Config, db: Db, now = Date.now()): Promise<SeedResult> {
  if (await userExists(db, DEMO_ACCOUNTS[0].username)) return { seeded: false, accounts: DEMO_ACCOUNTS };
  const rand = prng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const categoryId = new Map((await categorySlugs(db)).map((c) => [c.slug, c.id]));
  const generators = AI_GENERATORS.filter((g) => g !== "Other");

  // Files first (outside the transaction); a crash before the commit leaves only unreferenced copies.
  type Planned = Omit<typeof media.$inferInsert, "userId"> & { uploader: number };
  const planned: Planned[] = [];
  const base = (src: { title: string; prompt: string; tags: string[]; category: string }, i: number) => ({
    title: src.title,
    prompt: src.prompt,
    tags: src.tags.join(", "),
    description: pick(DESCRIPTIONS),
    categoryId: categoryId.get(src.category) ?? null,
    uploader: 1 + (i % 3),
    reviewStatus: "approved" as const,
  });
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const file = await storeCopy(config, `${DEMO_DIR}${v.name}.mp4`, "v", "mp4");
    const poster = await storeCopy(config, `${DEMO_DIR}${v.name}.jpg`, "t", "jpg");
    planned.push({
      ...base(v, i),
      contentType: "video",
      aiGenerator: pick(generators),
      fileKey: file.key,
      thumbnailKey: poster.key,
      size: file.size,
      width: 480,
      height: 270,
      duration: 4,
    });
  }
  for (const [i, img] of DEMO_IMAGES.entries()) {
    const file = await storeCopy(config, `${DEMO_DIR}${img.name}.${img.ext}`, "i", img.ext);
    const thumb = await storeCopy(config, `${DEMO_DIR}${img.name}.${img.ext}`, "t", img.ext);
    planned.push({
      ...base(img, i + 1),
      contentType: "image",
      aiGenerator: pick(generators),
      fileKey: file.key,
      thumbnailKey: thumb.key,
      size: file.size,
      width: 640,
      height: 360,
    });
  }
  for (const [i, e] of DEMO_EMBEDS.entries()) {
    planned.push({
      ...base(e, i + 2),
      contentType: "embed",
      aiGenerator: "Other",
      youtubeId: e.youtubeId,
      description: "A Blender Foundation open movie (CC BY), shown here as an example of a YouTube embed.",
    });
  }
  const sources = { video: DEMO_VIDEOS.length, image: DEMO_IMAGES.length, embed: DEMO_EMBEDS.length };
  for (const p of DEMO_PENDING) {
    const offset = p.from === "video" ? 0 : p.from === "image" ? sources.video : sources.video + sources.image;
    const like = planned[offset + p.index];
    const copy: Planned = { ...like, title: p.title, reviewStatus: "pending", uploader: 3 };
    if (like.fileKey) {
      copy.fileKey = (await storeCopyOf(config, like.fileKey, p.from === "video" ? "v" : "i")).key;
      copy.thumbnailKey = (await storeCopyOf(config, like.thumbnailKey!, "t")).key;
    }
    planned.push(copy);
  }

  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await writeTx(db, async (tx) => {
    const names = new Map<number, string>();
    const accountIds: number[] = [];
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const u = await insertUser(tx, {
        username: a.username,
        email: `${a.username}@demo.invalid`,
        passwordHash: hashes[i],
        isAdmin: a.isAdmin,
      });
      accountIds.push(u.id);
      names.set(u.id, u.username);
    }
    const audienceIds: number[] = [];
    for (const name of AUDIENCE) {
      const u = await insertUser(tx, { username: name, email: null, passwordHash: null });
      audienceIds.push(u.id);
      names.set(u.id, u.username);
    }
    const members = [...accountIds.slice(1), ...audienceIds];

    // Spread over ~60 days; shuffle so types interleave in a date-sorted feed.
    const createdAt = planned.map(() => now - Math.floor(rand() * 60 * DAY) - Math.floor(rand() * DAY));
    const likeRows: (typeof likes.$inferInsert)[] = [];
    const commentRows: (typeof comments.$inferInsert)[] = [];
    const rows = planned.map(({ uploader, ...p }, i) => {
      const approved = p.reviewStatus === "approved";
      const age = now - createdAt[i];
      const nLikes = approved ? Math.floor(rand() * rand() * members.length) : 0;
      const nComments = approved ? Math.floor(rand() * 4) : 0;
      const views = approved ? Math.floor(40 + nLikes * 35 + rand() * rand() * 20000) : 0;
      return {
        row: {
          ...p,
          userId: accountIds[uploader],
          createdAt: createdAt[i],
          updatedAt: createdAt[i],
          views,
          likes: nLikes,
          commentCount: nComments,
          featured: approved && (i === 0 || i === sources.video + 3 || i === sources.video + sources.image),
          reviewedAt: approved ? createdAt[i] + 3_600_000 : null,
          reviewedBy: approved ? accountIds[0] : null,
        },
        nLikes,
        nComments,
        age,
      };
    });
    const ids = await insertMediaRows(tx, rows.map((r) => r.row));
    rows.forEach((r, i) => {
      const likers = [...members].sort(() => rand() - 0.5).slice(0, r.nLikes);
      for (const userId of likers) likeRows.push({ userId, mediaId: ids[i], createdAt: r.row.createdAt + Math.floor(rand() * r.age) });
      for (let c = 0; c < r.nComments; c++) {
        const userId = pick(members);
        commentRows.push({
          mediaId: ids[i],
          userId,
          username: names.get(userId) ?? "Anonymous",
          content: pick(COMMENTS),
          createdAt: r.row.createdAt + Math.floor(rand() * r.age),
        });
      }
    });
    await insertLikeRows(tx, likeRows);
    await insertCommentRows(tx, commentRows);
    await seedDemoForum(tx, accountIds[0], members, now);
  });
  return { seeded: true, accounts: DEMO_ACCOUNTS };
}
