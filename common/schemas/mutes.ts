/** `POST /api/user/mutes` (issue 25): what a member mutes. */
import * as z from "zod/mini";

export const MUTE_VALUE_MAX = 100;

export const muteSchema = z.object({
  type: z.enum(["tag", "user", "generator"], "type must be tag, user or generator"),
  value: z.string().check(
    z.trim(),
    z.minLength(1, "A value is required"),
    z.maxLength(MUTE_VALUE_MAX, `The value must be at most ${MUTE_VALUE_MAX} characters`),
  ),
});
