/** Payloads of the watch history (issue 43 point 5), checked by the routes and named in the OpenAPI document. */
import * as z from "zod/mini";
import { MAX_PROGRESS_SECONDS } from "../history_rules.ts";

/** `POST /api/videos/{id}/progress`: the position in seconds, a finite number from 0 to a day. */
export const progressBody = z.object({
  seconds: z.number("seconds must be a number").check(
    z.refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PROGRESS_SECONDS, `seconds must be between 0 and ${MAX_PROGRESS_SECONDS}`),
  ),
});

/** `DELETE /api/user/history/{mediaId}`: a positive whole number. */
export const historyItemParam = z.pipe(
  z.string().check(z.regex(/^\d{1,9}$/, "mediaId must be a whole number")),
  z.transform((s) => Number(s)),
).check(z.refine((n) => n >= 1, "mediaId must be a positive whole number"));

export type HistoryEntry<Item> = { item: Item; seconds: number; watchedAt: string };
