/**
 * What a video's create may queue (issue 42 point 2, decision 040): its work, output frames x
 * pixels from the probe at upload, against MAX_VIDEO_WORK and the member's MAX_VIDEO_WORK_PER_DAY.
 */
import type { Db, Tx } from "../../db/client.ts";
import type { UploadRow } from "../../db/queries/uploads.ts";
import { videoWorkToday } from "../../db/queries/video_work.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { probeMedia } from "./ffmpeg.ts";
import { withLocalCopy } from "./storage.ts";
import { videoBudgetUsed, videoTooMuchWork, videoWork } from "./video_check.ts";

/** A video upload's work: kept from its probe at upload; probed now for an upload from before that. */
export async function uploadWork(config: Config, upload: UploadRow): Promise<number | null> {
  if (upload.videoWork !== null) return upload.videoWork;
  const probe = await withLocalCopy(config, upload.fileKey, (path) => probeMedia(config, path));
  return probe ? videoWork(config, probe) : null;
}

/** MAX_VIDEO_WORK for the video itself, MAX_VIDEO_WORK_PER_DAY for what its member queued in 24 hours (422 naming it). */
export async function checkWork(db: Db | Tx, config: Config, userId: number, work: number) {
  if (work > config.upload.maxVideoWork) throw new HttpError(422, videoTooMuchWork(config));
  if ((await videoWorkToday(db, userId)) + work > config.upload.maxVideoWorkPerDay) throw new HttpError(422, videoBudgetUsed(config));
}
