/**
 * The file shapes of a content item's answer (its processing, a video's renditions, an image's
 * renditions), as zod schemas for the OpenAPI document; lib/render/api_responses.ts uses them in
 * ContentItem. They mirror common/api_types.ts.
 */
import { z } from "zod";
import { PROCESSING_STATES } from "../../common/media_rules.ts";

export const Processing = z.strictObject({
  state: z.enum(PROCESSING_STATES),
  progress: z.number().describe("0-100"),
  error: z.string().optional(),
}).describe("Where the video's renditions stand (owner and admins only)");

export const VideoSource = z.strictObject({
  url: z.string(),
  type: z.literal("video/mp4"),
  height: z.number().int().describe("The rung: the short side"),
  bytes: z.number().int(),
  frame: z.strictObject({ width: z.number().int(), height: z.number().int() }).optional().describe("The file's own pixels"),
});

export const ImageSource = z.strictObject({
  url: z.string(),
  type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  animated: z.literal(true).optional(),
});
