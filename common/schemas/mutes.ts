/** `POST /api/user/mutes` (issue 25): what a member mutes. */
import * as z from "zod/mini";

export const MUTE_VALUE_MAX = 100;

/** How many mutes a member may keep, tags, members and AI tools together (issue 31 point 2). */
export const MUTES_MAX = 1000;

export const MUTE_MSG = {
  tooMany: `You can mute at most ${MUTES_MAX.toLocaleString("en-US")} tags, members and AI tools. Unmute some to add others.`,
};

export const muteSchema = z.object({
  type: z.enum(["tag", "user", "generator"], "type must be tag, user or generator"),
  value: z.string().check(
    z.trim(),
    z.minLength(1, "A value is required"),
    z.maxLength(MUTE_VALUE_MAX, `The value must be at most ${MUTE_VALUE_MAX} characters`),
  ),
});
