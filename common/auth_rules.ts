/** The sign-in rules of spec part 1 §5; common/schemas/auth.ts turns them into the payload schemas. */
export const MSG = {
  usernameShort: "Username must be at least 3 characters",
  usernameChars: "Username can only contain letters, numbers, underscores, and hyphens",
  passwordShort: "Password must be at least 6 characters",
  email: "Please enter a valid email",
  age: "You must be at least 18 years old to register",
  match: "Passwords don't match",
  terms: "You must accept the Terms of Service to register",
  dob: "Please enter a valid date of birth",
} as const;

export const USERNAME_RE = /^[A-Za-z0-9_-]+$/;

/** The social sign-in providers and their names (server: lib/auth/oauth.ts; browser: the profile tabs). */
export const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const;

/**
 * Names nobody may take (issue 19): what comments of a deleted or absent author show
 * ("Anonymous"), the staff's words and, checked on the server, the site's own name. Compared
 * without case, hyphens, underscores or spaces, so "Ad_Min" is "admin".
 */
export const RESERVED_USERNAMES = ["anonymous", "admin", "moderator"];
export const USERNAME_RESERVED_MSG = "This username is reserved. Please choose another.";
const nameKey = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");
export const isReservedUsername = (name: string, siteName = "") =>
  [...RESERVED_USERNAMES, siteName].some((r) => r !== "" && nameKey(r) === nameKey(name));
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const MIN_AGE = 18;
export const FIRST_BIRTH_YEAR = 1940;

/** The latest birth date allowed today: exactly 18 years ago (UTC calendar date). */
export function latestBirthDate(today = new Date()): Date {
  return new Date(Date.UTC(today.getUTCFullYear() - MIN_AGE, today.getUTCMonth(), today.getUTCDate()));
}

/** The earliest birth date the calendar offers (spec §9: years 1940 to current year minus 18). */
export const EARLIEST_BIRTH_DATE = new Date(Date.UTC(FIRST_BIRTH_YEAR, 0, 1));

export function isPlausibleBirthDate(dob: Date): boolean {
  return dob.getTime() >= EARLIEST_BIRTH_DATE.getTime();
}

export function isAdult(dob: Date, today = new Date()): boolean {
  return dob.getTime() <= latestBirthDate(today).getTime();
}

/**
 * The "Verify your email" notice and the /verify-email page (issue 19). Here, not in schemas/, so
 * the account menu that shows the notice on every page does not pull zod into the browser.
 */
export const VERIFY_MSG = {
  notice: "Verify your email",
  noticeText: "We sent you a link to confirm your address. It lets you connect Google or Facebook to this account.",
  resend: "Resend link",
  sent: "We've sent a new verification link to your email address.",
  alreadyVerified: "Your email address is already verified.",
  noEmail: "Add an email address to your profile first.",
  doneTitle: "Email verified",
  doneText: "Thank you: your email address is verified.",
  alreadyTitle: "Email already verified",
  invalidTitle: "Invalid or expired link",
  invalidText: "This verification link is invalid, expired or already used. Sign in and ask for a new one from your profile.",
} as const;

/** Verification links live this long (issue 19). */
export const VERIFY_TOKEN_HOURS = 24;
