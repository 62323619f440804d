import { Hono } from "hono";
import type { AppEnv, CurrentUser } from "../../lib/app_env.ts";
import type { Config } from "../../lib/config.ts";
import { toOwnerItem } from "../../lib/media/content_item.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/http_error.ts";
import { changesContent, contentChanged } from "../../lib/http/content_version.ts";
import { isPublic } from "../../lib/media/visibility.ts";
import { deleteMediaItem } from "../../lib/media/media_delete.ts";
import { recordAudit } from "../../lib/community/audit.ts";
import { processImage, readStoredGeneration, storeBrowserThumbnail } from "../../lib/media/media_process.ts";
import { hasFfmpeg } from "../../lib/media/video_check.ts";
import { checkWork, uploadWork } from "../../lib/media/video_budget.ts";
import { StorageError } from "../../lib/storage/error.ts";
import { recordVideoWork } from "../../db/queries/video_work.ts";
import { queueVideoProcessing } from "../../lib/media/process_job.ts";
import { queueImageRenditions } from "../../lib/media/image_job.ts";
import { findLookAlikes, refuseBlocked, removedMatch, storeHashes } from "../../lib/media/similar.ts";
import { type GenerationData, generationValues } from "../../lib/media/generation.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { hashStored, keyFromUrl, removeKeys, storeFor } from "../../lib/media/storage.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { ERROR_CODES } from "../../common/error_codes.ts";
import { createMediaSchema, EDIT_FIELDS, mediaEditSchema } from "../../common/schemas/media.ts";
import { UPLOAD_MSG } from "../../common/upload_rules.ts";
import { parseYoutubeUrl } from "../../common/youtube.ts";
import { writeTx } from "../../db/client.ts";
import {
  attachUpload,
  categoryExists,
  deleteUnattachedUpload,
  findEditableItem,
  findItemById,
  findMediaByHash,
  findMediaByYoutubeId,
  findMediaOwner,
  findUploadByKey,
  insertMediaItem,
  spendUpload,
  updateMediaItem,
  type UploadRow,
} from "../../db/queries/uploads.ts";

/** The refusal of a duplicate: it names the item it repeats when the public may see that one (issue 36 point 15). */
async function duplicateError(db: AppEnv["Variables"]["db"], existingId: number) {
  const existing = await findItemById(db, existingId);
  const message = existing && isPublic(existing) ? UPLOAD_MSG.duplicateOf(existing.title) : UPLOAD_MSG.duplicate;
  return conflict(message, ERROR_CODES.duplicate);
}

/** The create payload may carry the browser's poster frame as a data URL (at most 3 MB, above). */
const CREATE_BODY_BYTES = 3_200_000;

type Created = { fileKey?: string | null; extraKeys: string[] };
/** What the create's transaction did: stored the item, or found the one it duplicates. */
type Made = { id: number } | { duplicateOf: number };

/** POST /api/videos, PUT /api/videos/{id}, DELETE /api/videos/{id} (spec part 1 §7, part 2 §7). */
export function videoEditsApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  app.post("/", async (c) => {
    const { config, db } = c.var;
    const user = requireUser(c);
    await limiter.hit(`create:${user.id}`, config.upload.perUser, config.upload.windowSeconds);
    const body = await jsonBody(c, createMediaSchema, { maxBytes: CREATE_BODY_BYTES });
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
      const made: Made = await writeTx(db, async (tx) => {
        const existing = await findMediaByYoutubeId(tx, parsed.id);
        return existing
          ? { duplicateOf: existing.id }
          : { id: await insertMediaItem(tx, { ...base, contentType: "embed", youtubeId: parsed.id }) };
      });
      if ("duplicateOf" in made) throw await duplicateError(db, made.duplicateOf);
      return c.json(toOwnerItem((await findItemById(db, made.id))!), 201);
    }

    const url = body.contentType === "video" ? body.videoUrl : body.imageUrl;
    if (!url) throw badRequest(body.contentType === "video" ? UPLOAD_MSG.videoFile : UPLOAD_MSG.imageFile);
    const upload = await ownUpload(c.var.db, config, user, url, body.contentType);
    // The cheap checks come before the costly work: an image must name its generator, here or in
    // its metadata, and that is known without re-encoding it (read once, in the parse worker).
    let known: { generation: GenerationData | null } | undefined;
    if (body.contentType === "image" && !body.aiGenerator) {
      known = { generation: await readStoredGeneration(config, upload.fileKey) };
      if (!known.generation?.aiGenerator) throw badRequest(UPLOAD_MSG.aiTool);
    }
    /** A duplicate's upload is of no further use: its row and (large) file go at once, not in 24 h. */
    const duplicate = async (existingId: number) => {
      const key = await deleteUnattachedUpload(db, upload.id);
      if (key) await removeKeys(config, [key]);
      return duplicateError(db, existingId);
    };
    const same = await findMediaByHash(db, upload.sha256);
    if (same) throw await duplicate(same.id);

    const created: Created = { extraKeys: [] };
    let hashes: string[] = [];
    let done = false;
    try {
      const row = { ...base, contentType: body.contentType, fileKey: upload.fileKey, fileHash: "", size: upload.size };
      let values: typeof row & Record<string, unknown> = row;
      if (body.contentType === "video") {
        // Probing, renditions, preview and posters run in a job (lib/media/process_job.ts); until
        // then the browser's poster and duration stand in, and the item shows nowhere publicly.
        // Without ffmpeg the original is all there is: it is served as uploaded, as before.
        const transcode = await hasFfmpeg();
        // Its work (frames x pixels, from the probe at upload) is judged before anything is made (decision 040).
        const work = transcode ? await uploadWork(config, upload) : null;
        if (work !== null) await checkWork(db, config, user.id, work);
        const thumb = await storeBrowserThumbnail(config, body.thumbnail);
        if (thumb) created.extraKeys.push(thumb);
        values = {
          ...row,
          thumbnailKey: thumb,
          duration: body.duration != null ? Math.round(body.duration) : null,
          size: upload.size,
          videoWork: work,
          processingState: transcode ? "queued" : "ready",
          processingProgress: transcode ? 0 : 100,
          playable: !transcode,
          // The container's tags (issue 25) are read by the job, which has the file locally: in S3
          // mode reading them here copied the whole video to a temp file inside the request.
          ...generationValues(row, null),
        };
      } else {
        const img = await processImage(config, upload.fileKey, known);
        created.extraKeys.push(img.thumbnailKey);
        values = {
          ...row,
          thumbnailKey: img.thumbnailKey,
          width: img.width,
          height: img.height,
          size: img.size,
          ...generationValues(row, img.generation),
        };
        if (!values.aiGenerator) throw badRequest(UPLOAD_MSG.aiTool);
        // Look-alikes (issue 25): a blocklisted one is refused, a removed one holds the upload; every
        // frame's hash counts (issue 31 point 5).
        hashes = img.hashes;
        await refuseBlocked(db, hashes, config.similarMaxDistance);
        values.matchesRemovedId = removedMatch(await findLookAlikes(db, hashes, config.similarMaxDistance));
      }
      // Duplicates are judged by what is kept: re-encoding drops trailing bytes and metadata, so
      // a GIF with HTML appended stores the same bytes as the clean one (issue 13 point 8).
      // A video is stored as uploaded: its hash is the one taken while it streamed in.
      values.fileHash = body.contentType === "video" ? upload.sha256 : await hashStored(config, upload.fileKey);
      const made: Made = await writeTx(db, async (tx) => {
        const fresh = await findUploadByKey(tx, upload.fileKey);
        if (!fresh || fresh.mediaId !== null) throw badRequest("This file is already attached to an item");
        const existing = await findMediaByHash(tx, values.fileHash);
        if (existing) return { duplicateOf: existing.id }; // handled below, outside the lock
        // Again under the write lock: two creates at once must not both fit in what was left of the budget.
        if (typeof values.videoWork === "number") {
          await checkWork(tx, config, user.id, values.videoWork);
          await recordVideoWork(tx, user.id, values.videoWork);
        }
        const mediaId = await insertMediaItem(tx, values);
        await attachUpload(tx, upload.id, mediaId, upload.fileKey);
        await storeHashes(tx, mediaId, hashes);
        if (values.processingState === "queued") await queueVideoProcessing(tx, config, mediaId);
        // An image serves its original until its renditions are made (issue 35 point 1).
        if (body.contentType === "image") await queueImageRenditions(tx, config, mediaId);
        return { id: mediaId };
      });
      if ("duplicateOf" in made) throw await duplicate(made.duplicateOf);
      const id = made.id;
      created.extraKeys = [];
      done = true;
      return c.json(toOwnerItem((await findItemById(db, id))!), 201);
    } catch (e) {
      // A failed create spends its upload (issue 42 point 4): a refused file is not worked on
      // twice (another create from it: 410). A bucket that failed is no fault of the file.
      if (!(e instanceof StorageError)) {
        const key = await spendUpload(db, upload.id, upload.fileKey);
        if (key) created.extraKeys.push(key);
      }
      throw e;
    } finally {
      if (!done) await removeKeys(config, created.extraKeys);
    }
  });

  app.put("/:id", async (c) => {
    const { db, config } = c.var;
    const user = requireUser(c);
    // Edits are a list a member grows (the audit log), and a change of a public item renders every
    // visitor page anew: RATE_EDITS_PER_USER a window for members (issue 31 point 6).
    if (!user.isAdmin) await limiter.hit(`edit:${user.id}`, config.rate.editsPerUser, config.rate.socialWindowSeconds);
    const id = idOr400(c.req.param("id"));
    const ownerId = await ownedOrAdmin(c.var.db, user, id);
    const body = await jsonBody(c, mediaEditSchema);
    if (typeof body.categoryId === "number" && !(await categoryExists(db, body.categoryId))) throw badRequest("Unknown category");
    // The owner edits what they uploaded with the admin's fields and limits (issue 36 point 5), and
    // keeps the upload's rules: a category, and an AI generator (spec part 1 §5, rules 2 and 3; decision 036).
    if (!user.isAdmin && body.categoryId === null) throw badRequest(UPLOAD_MSG.category);
    if (!user.isAdmin && body.aiGenerator === "") throw badRequest(UPLOAD_MSG.aiTool);
    const publicChange = await writeTx(db, async (tx) => {
      const before = await findEditableItem(tx, id);
      if (!before) throw notFound("Content not found");
      // Only what differs is written and recorded: an edit that changes nothing is no edit.
      const set = changedFields(before, body);
      if (!Object.keys(set).length) return false;
      // An owner's edit of a published item goes live without review (owners fix typos), but
      // moderators see it: the old values go to the audit log, the item is marked edited (issue 19).
      const published = ownerId === user.id ? publishedEdits(before, set) : null;
      await updateMediaItem(tx, id, published ? { ...set, editedAt: Date.now() } : set);
      if (published) {
        await recordAudit(tx, { actorId: user.id, action: "content.owner_edit", targetType: "media", targetId: id, details: published });
      }
      if (ownerId !== user.id) {
        await recordAudit(tx, { actorId: user.id, action: "content.edit", targetType: "media", targetId: id, details: set });
      }
      return isPublic(before);
    });
    // The content version moves only when visitors see the change (a public item's fields): an edit
    // of a pending or hidden item, or one that changes nothing, leaves every visitor cache warm.
    if (publicChange) await contentChanged(db);
    return c.json(toOwnerItem((await findItemById(db, id))!));
  });

  app.delete("/:id", changesContent, async (c) => {
    const { db, config } = c.var;
    const user = requireUser(c);
    const id = idOr400(c.req.param("id"));
    const ownerId = await ownedOrAdmin(db, user, id);
    if (!(await deleteMediaItem(db, config, id, { byAdmin: ownerId !== user.id }))) throw notFound("Content not found");
    if (ownerId !== user.id) {
      await recordAudit(db, { actorId: user.id, action: "content.delete", targetType: "media", targetId: id, subjectId: ownerId });
    }
    return c.json({ success: true });
  });

  return app;
}

/** The fields of an edit whose value differs from the item's (an empty text and none are the same). */
function changedFields(before: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => (typeof a === "string" || typeof b === "string" ? (a ?? "") === (b ?? "") : a === b);
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && !same(v, before[k])));
}

/** The changes an edit makes to an approved item (any of EDIT_FIELDS), old and new values, or null when there are none. */
function publishedEdits(before: { reviewStatus: string } & Record<(typeof EDIT_FIELDS)[number], unknown>, set: Record<string, unknown>) {
  if (before.reviewStatus !== "approved") return null;
  const fields = EDIT_FIELDS.filter((k) => k in set);
  if (!fields.length) return null;
  return {
    old: Object.fromEntries(fields.map((k) => [k, before[k]])),
    new: Object.fromEntries(fields.map((k) => [k, set[k]])),
  };
}

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
  if (upload.refusedAt !== null) throw new HttpError(410, UPLOAD_MSG.spent);
  if (upload.kind !== kind) throw new HttpError(415, "Invalid file type");
  const onDisk = (await storeFor(config).size(key)) !== null;
  if (!onDisk) throw badRequest("Unknown upload: upload the file first");
  return upload;
}
