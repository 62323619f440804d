import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, CurrentUser } from "../../lib/app_env.ts";
import type { Config } from "../../lib/config.ts";
import { toContentItem } from "../../lib/content_item.ts";
import { changesContent } from "../../lib/content_version.ts";
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from "../../lib/http_error.ts";
import { deleteMediaItem } from "../../lib/media_delete.ts";
import { recordAudit } from "../../lib/audit.ts";
import { processImage, processVideo, storeBrowserThumbnail } from "../../lib/media_process.ts";
import type { RateLimiter } from "../../lib/rate_limit.ts";
import { keyPath, removeKeys } from "../../lib/storage.ts";
import { jsonBody, parseOr400 } from "../../lib/validate.ts";
import { parseYoutubeUrl } from "../../common/youtube.ts";
import { writeTx } from "../../db/client.ts";
import {
  attachUpload,
  categoryExists,
  deleteUnattachedUpload,
  findItemById,
  findMediaByHash,
  findMediaByYoutubeId,
  findMediaOwner,
  findUploadByKey,
  insertMediaItem,
  updateMediaItem,
  type UploadRow,
} from "../../db/queries/uploads.ts";
import { UPLOAD_LIMITS, UPLOAD_MSG } from "../../common/upload_rules.ts";

export const DUPLICATE = "Duplicate content detected";

const optionalText = (max: number, label: string) =>
  z.string().max(max, `${label} must be at most ${max} characters`).nullish()
    .transform((v) => (v ?? "").trim());

/** A positive integer (or its digits as a string); anything else is "Please select a category". */
const categoryIdSchema = z.unknown().transform((v, ctx) => {
  const n = typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v;
  if (typeof n === "number" && Number.isSafeInteger(n) && n > 0) return n;
  ctx.addIssue({ code: "custom", message: UPLOAD_MSG.category });
  return z.NEVER;
});

/** The spec's upload payload (part 1 §3). userId, resolution and credits are fixed by the server. */
const createSchema = z.object({
  userId: z.union([z.number(), z.string()]).nullish(),
  title: z.string().trim().min(UPLOAD_LIMITS.titleMin, UPLOAD_MSG.title)
    .max(UPLOAD_LIMITS.title, `Title must be at most ${UPLOAD_LIMITS.title} characters`),
  description: optionalText(UPLOAD_LIMITS.description, "Description"),
  aiGenerator: optionalText(UPLOAD_LIMITS.aiGenerator, "AI generator"),
  prompt: optionalText(UPLOAD_LIMITS.prompt, "Prompt"),
  tags: optionalText(UPLOAD_LIMITS.tags, "Tags"),
  categoryId: categoryIdSchema,
  contentType: z.enum(["video", "image", "embed"], { error: "contentType must be one of: video, image, embed" }),
  thumbnail: z.string().max(3_000_000, "The thumbnail is too large").nullish(),
  videoUrl: z.string().max(2000).nullish(),
  imageUrl: z.string().max(2000).nullish(),
  youtubeUrl: z.string().max(2000).nullish(),
  resolution: z.enum(["HD", "4K"]).nullish(),
  duration: z.number().min(0).max(86_400 * 7).nullish(),
  credits: z.number().nullish(),
});

/** `/uploads/v/<hex>.mp4` (or the same on our origin) to its storage key. */
function keyFromUrl(url: string, config: Config): string | null {
  let path = url.trim();
  if (path.startsWith(config.siteUrl)) path = path.slice(config.siteUrl.length);
  const m = path.match(/^\/uploads\/([vi]\/[a-f0-9]{32}\.[a-z0-9]{2,5})$/);
  return m ? m[1] : null;
}

const idParam = (raw: string) => parseOr400(z.string().regex(/^\d{1,15}$/, "Invalid id").transform(Number), raw);

type Created = { fileKey?: string | null; extraKeys: string[] };

/** POST /api/videos, PUT /api/videos/{id}, DELETE /api/videos/{id} (spec part 1 §7, part 2 §7). */
export function videoEditsApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const { user, config, db } = c.var;
    if (!user) throw unauthorized();
    limiter.hit(`create:${user.id}`, config.upload.perUser, config.upload.windowSeconds);
    const body = await jsonBody(c, createSchema);
    if (body.userId !== undefined && body.userId !== null && Number(body.userId) !== user.id) {
      throw forbidden("You can only upload as yourself");
    }
    if (!(await categoryExists(db, body.categoryId))) throw badRequest(UPLOAD_MSG.category);
    // Spec §5 rule 3. An image may still get its generator from its PNG metadata (checked below).
    if (!body.aiGenerator && body.contentType !== "image") throw badRequest(UPLOAD_MSG.aiTool);

    const base = {
      userId: user.id,
      categoryId: body.categoryId,
      title: body.title,
      description: body.description,
      aiGenerator: body.aiGenerator,
      prompt: body.prompt,
      tags: body.tags,
      resolution: "HD" as const,
      credits: 0,
      reviewStatus: "pending" as const,
    };

    if (body.contentType === "embed") {
      const parsed = parseYoutubeUrl(body.youtubeUrl ?? body.videoUrl);
      if ("error" in parsed) throw badRequest(parsed.error);
      const id = await writeTx(db, async (tx) => {
        if (await findMediaByYoutubeId(tx, parsed.id)) throw conflict(DUPLICATE);
        return insertMediaItem(tx, { ...base, contentType: "embed", youtubeId: parsed.id });
      });
      return c.json(toContentItem((await findItemById(db, id))!), 201);
    }

    const url = body.contentType === "video" ? body.videoUrl : body.imageUrl;
    if (!url) throw badRequest(body.contentType === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile);
    const upload = await ownUpload(c.var.db, config, user, url, body.contentType);
    /** A duplicate's upload is of no further use: its row and (large) file go at once, not in 24 h. */
    const duplicate = async () => {
      const key = await deleteUnattachedUpload(db, upload.id);
      if (key) await removeKeys(config, [key]);
      return conflict(DUPLICATE);
    };
    if (await findMediaByHash(db, upload.sha256)) throw await duplicate();

    const created: Created = { extraKeys: [] };
    try {
      const row = { ...base, contentType: body.contentType, fileKey: upload.fileKey, fileHash: upload.sha256, size: upload.size };
      let values: typeof row & Record<string, unknown> = row;
      if (body.contentType === "video") {
        const thumb = await storeBrowserThumbnail(config, body.thumbnail);
        if (thumb) created.extraKeys.push(thumb);
        const probed = await processVideo(config, upload.fileKey, { wantPoster: !thumb });
        if (probed?.posterKey) created.extraKeys.push(probed.posterKey);
        values = {
          ...row,
          thumbnailKey: thumb ?? probed?.posterKey ?? null,
          duration: probed?.duration ?? (body.duration != null ? Math.round(body.duration) : null),
          width: probed?.width ?? null,
          height: probed?.height ?? null,
          size: probed?.size ?? upload.size,
        };
      } else {
        const img = await processImage(config, upload.fileKey);
        created.extraKeys.push(img.thumbnailKey);
        values = {
          ...row,
          thumbnailKey: img.thumbnailKey,
          width: img.width,
          height: img.height,
          size: img.size,
          prompt: row.prompt || img.generation?.prompt || "",
          aiGenerator: row.aiGenerator || img.generation?.aiGenerator || "",
        };
        if (!values.aiGenerator) throw badRequest(UPLOAD_MSG.aiTool);
      }
      const id = await writeTx(db, async (tx) => {
        const fresh = await findUploadByKey(tx, upload.fileKey);
        if (!fresh || fresh.mediaId !== null) throw badRequest("This file is already attached to an item");
        if (await findMediaByHash(tx, upload.sha256)) return null; // a duplicate, handled below
        const mediaId = await insertMediaItem(tx, values);
        await attachUpload(tx, upload.id, mediaId, upload.fileKey);
        return mediaId;
      });
      if (id === null) throw await duplicate();
      created.extraKeys = [];
      return c.json(toContentItem((await findItemById(db, id))!), 201);
    } finally {
      // A failed create leaves the upload itself for a retry; only the derived files go.
      await removeKeys(config, created.extraKeys);
    }
  });

  app.put("/:id", changesContent, async (c) => {
    const { user, db } = c.var;
    if (!user) throw unauthorized();
    const id = idParam(c.req.param("id"));
    const ownerId = await ownedOrAdmin(c.var.db, user, id);
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    const adminOnly = ["categoryId", "aiGenerator", "prompt", "tags"].filter((k) => k in raw);
    if (!user.isAdmin && adminOnly.length) throw forbidden(`Only admins can change: ${adminOnly.join(", ")}`);
    const body: Partial<z.infer<typeof adminEditSchema>> = parseOr400(user.isAdmin ? adminEditSchema : memberEditSchema, raw);
    if (typeof body.categoryId === "number" && !(await categoryExists(db, body.categoryId))) throw badRequest("Unknown category");
    const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) {
      await writeTx(db, async (tx) => {
        await updateMediaItem(tx, id, set);
        if (ownerId !== user.id) {
          await recordAudit(tx, { actorId: user.id, action: "content.edit", targetType: "media", targetId: id, details: set });
        }
      });
    }
    return c.json(toContentItem((await findItemById(db, id))!));
  });

  app.delete("/:id", changesContent, async (c) => {
    const { user, db, config } = c.var;
    if (!user) throw unauthorized();
    const id = idParam(c.req.param("id"));
    const ownerId = await ownedOrAdmin(db, user, id);
    if (!(await deleteMediaItem(db, config, id))) throw notFound("Content not found");
    if (ownerId !== user.id) await recordAudit(db, { actorId: user.id, action: "content.delete", targetType: "media", targetId: id });
    return c.json({ success: true });
  });

  return app;
}

const title = z.string().trim().min(1, "Title is required")
  .max(UPLOAD_LIMITS.title, `Title must be at most ${UPLOAD_LIMITS.title} characters`);
const editText = (max: number, label: string) =>
  z.string().max(max, `${label} must be at most ${max} characters`).nullish()
    .transform((v) => v === undefined ? undefined : (v ?? "").trim());

/** Own edit (part 2 §5): title at most 100, description at most 500. */
const memberEditSchema = z.strictObject({
  title: title.optional(),
  description: editText(UPLOAD_LIMITS.description, "Description"),
});

/** Admin edit (part 2 §5): also category (number or null), AI generator, prompt and tags. */
const adminEditSchema = z.strictObject({
  title: title.optional(),
  description: editText(UPLOAD_LIMITS.description, "Description"),
  categoryId: z.union([
    z.number().int().positive(),
    z.string().regex(/^\d{0,9}$/).transform((v) => (v ? Number(v) : null)),
    z.null(),
  ], { error: "categoryId must be a number or null" }).optional(),
  aiGenerator: editText(UPLOAD_LIMITS.aiGenerator, "AI generator"),
  prompt: editText(UPLOAD_LIMITS.prompt, "Prompt"),
  tags: editText(UPLOAD_LIMITS.tags, "Tags"),
});

/** The owner's id; 404 for an unknown item, 403 when the caller neither owns it nor is an admin. */
async function ownedOrAdmin(db: AppEnv["Variables"]["db"], user: CurrentUser, id: number) {
  const item = await findMediaOwner(db, id);
  if (!item) throw notFound("Content not found");
  if (item.userId !== user.id && !user.isAdmin) throw forbidden("You can only change your own content");
  return item.userId;
}

/** The upload behind `url`: this member's, not yet attached, of the right kind, still on disk. */
async function ownUpload(db: AppEnv["Variables"]["db"], config: Config, user: CurrentUser, url: string, kind: "video" | "image") {
  const key = keyFromUrl(url, config);
  if (!key) throw badRequest("The file URL must be one returned by /api/upload/file");
  const upload: UploadRow | undefined = await findUploadByKey(db, key);
  if (!upload) throw badRequest("Unknown upload: upload the file first");
  if (upload.userId !== user.id) throw forbidden("That file was not uploaded by you");
  if (upload.mediaId !== null) throw badRequest("This file is already attached to an item");
  if (upload.kind !== kind) throw new HttpError(415, "Invalid file type");
  const onDisk = await Deno.stat(keyPath(config, key)).then(() => true, () => false);
  if (!onDisk) throw badRequest("Unknown upload: upload the file first");
  return upload;
}
