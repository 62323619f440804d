/**
 * The payloads of the own-profile and password-reset calls (spec part 2 §7 "Profile and users",
 * "Password reset"), with the messages of §5 and §8. The fields are the registration's own
 * (spec part 1 §5), so a profile edit obeys exactly the rules an account was created under.
 */
import * as z from "zod/mini";
import { EMAIL_MAX, EMAIL_RE, MSG, PASSWORD_MAX } from "../auth_rules.ts";
import { emailField, passwordField, usernameField } from "./auth.ts";
import { ABOUT_MAX, PROFILE_MSG } from "../profile_rules.ts";

export { emailField, passwordField, usernameField };

/**
 * How long after signing in a member without a password may change their email or set a first
 * password (the "recent sign-in" rule of Firebase and GitHub's sudo mode; decision record 011).
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export const ACCOUNT_MSG = {
  passwordsDontMatch: "Passwords Don't Match",
  passwordsDontMatchText: "The new password and its confirmation must be the same.",
  confirmationFailed: "Confirmation Failed",
  confirmationFailedText: "Please type your username exactly to confirm account deletion.",
  updateFailed: "Update Failed",
  passwordChangeFailed: "Password Change Failed",
  deletionFailed: "Deletion Failed",
  currentPasswordRequired: "Please enter your current password",
  currentPasswordWrong: "Current password is incorrect",
  nothingToUpdate: "Nothing to update: send a username or an email",
  /** Members with no password (social sign-in) prove it is them by a fresh sign-in instead. */
  signInAgain: `For your security, please sign in again, then make this change within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  lastAdmin: "You are the only admin of this site. Make another member an admin before deleting your account.",
} as const;

export const RESET_MSG = {
  email: "Please enter a valid email address",
  passwordShort: MSG.passwordShort,
  mismatch: "Passwords do not match",
  sent: "If an account exists with the email you provided, we've sent password reset instructions to that address.",
  invalidTitle: "Invalid or expired token",
  invalidText: "The password reset link is invalid or has expired. Please request a new password reset link.",
  serverErrorTitle: "Server Error",
  serverErrorText: "There was a problem connecting to the server. Please try again later.",
  networkFailed: "Failed to connect to the server. Please try again later.",
  forgotFallback: "An error occurred. Please try again.",
  resetFallback: "Failed to reset password. Please try again.",
} as const;

/** Reset links live this long (spec part 2 §9). */
export const RESET_TOKEN_HOURS = 1;
/** Tokens are 43 base64url characters; anything far longer is not one of ours. */
export const RESET_TOKEN_MAX = 128;

const currentPasswordField = z.string().check(z.maxLength(PASSWORD_MAX, `currentPassword is too long (at most ${PASSWORD_MAX})`));

/**
 * PATCH /api/user: either field or both. A new email needs the current password (when the member
 * has one): a stolen session must not be able to move the address and then reset the password.
 */
export const updateProfileSchema = z.object({
  username: z.optional(usernameField),
  email: z.optional(emailField),
  currentPassword: z.optional(currentPasswordField),
  /** Issue 40 point 6: followable from the fediverse; false makes the actor 404 and tells the servers that followed. */
  federated: z.optional(z.boolean()),
  /** Issue 43 point 2: whether others may see the member's follower and following lists. */
  showFollows: z.optional(z.boolean("showFollows must be true or false")),
  /** Issue 43 point 5: watch history paused (progress is not recorded). */
  historyPaused: z.optional(z.boolean("historyPaused must be true or false")),
}).check(z.refine(
  (v) =>
    v.username !== undefined || v.email !== undefined || v.federated !== undefined || v.showFollows !== undefined ||
    v.historyPaused !== undefined,
  ACCOUNT_MSG.nothingToUpdate,
));

/** PUT /api/user/about: the member's About text, trimmed; "" clears it. */
export const aboutSchema = z.object({
  about: z.pipe(z.string().check(z.maxLength(ABOUT_MAX, PROFILE_MSG.aboutLong)), z.transform((v) => v.trim())),
});

/** POST /api/user/change-password; members without a password (social sign-in) send no current one. */
export const changePasswordSchema = z.object({
  currentPassword: z.optional(currentPasswordField),
  newPassword: passwordField,
});

/**
 * DELETE /api/user and the start of connecting Google or Facebook (issue 19): proof of identity as
 * for a new email; members without a password send none and need a recent sign-in instead.
 */
export const confirmIdentitySchema = z.object({ currentPassword: z.optional(currentPasswordField) });

/** POST /api/forgot-password. */
export const forgotPasswordSchema = z.object({
  email: z.string().check(z.trim(), z.maxLength(EMAIL_MAX, RESET_MSG.email), z.regex(EMAIL_RE, RESET_MSG.email)),
});

export const resetTokenField = z.string().check(
  z.minLength(1, RESET_MSG.invalidTitle),
  z.maxLength(RESET_TOKEN_MAX, RESET_MSG.invalidTitle),
);

/** POST /api/reset-password. */
export const resetPasswordSchema = z.object({ token: resetTokenField, newPassword: passwordField });

/** The reset form's own check (spec part 2 §5): length first, then the confirmation. */
export function resetFormError(
  newPassword: string,
  confirmPassword: string,
): { field: "newPassword" | "confirmPassword"; message: string } | null {
  const parsed = passwordField.safeParse(newPassword);
  if (!parsed.success) return { field: "newPassword", message: parsed.error.issues[0].message };
  if (newPassword !== confirmPassword) return { field: "confirmPassword", message: RESET_MSG.mismatch };
  return null;
}
