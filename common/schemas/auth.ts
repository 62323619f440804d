/** Sign-in payloads (spec part 1 §5, §7): `POST /api/login` and `POST /api/register`, and the forms that send them. */
import * as z from "zod/mini";
import {
  EMAIL_MAX,
  EMAIL_RE,
  isAdult,
  isPlausibleBirthDate,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_RE,
} from "../auth_rules.ts";
import { inviteCodeField, reasonField } from "./settings.ts";

/** The registration's fields, which a profile edit (account.ts) obeys too. */
export const usernameField = z.string().check(
  z.trim(),
  z.minLength(USERNAME_MIN, MSG.usernameShort),
  z.maxLength(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
  z.regex(USERNAME_RE, MSG.usernameChars),
);

export const passwordField = z.string().check(
  z.minLength(PASSWORD_MIN, MSG.passwordShort),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
);

export const loginSchema = z.object({ username: usernameField, password: passwordField });

/** A date the calendar gives ("2000-01-01") or its ISO form: a real date, 18 or older, from 1940 on. */
const dateOfBirth = z.string().check(
  z.maxLength(40),
  z.refine((v) => !Number.isNaN(Date.parse(v)), MSG.age),
  z.refine((v) => isAdult(new Date(v)), MSG.age),
  z.refine((v) => isPlausibleBirthDate(new Date(v)), MSG.dob),
);

export const emailField = z.string().check(z.trim(), z.maxLength(EMAIL_MAX, "Email is too long"), z.regex(EMAIL_RE, MSG.email));

export const registerSchema = z.object({
  username: usernameField,
  email: emailField,
  dateOfBirth,
  password: passwordField,
  termsAccepted: z.literal(true, MSG.terms),
  /** Issue 41: the answer to "Why do you want to join?" (approval) and the invite code (invite, or approval without waiting). */
  reason: z.optional(reasonField),
  inviteCode: z.optional(inviteCodeField),
});

/**
 * The Register form: the payload plus the confirmation the server never sees. The match is
 * checked even while other fields are wrong, so the form shows every problem at once.
 */
export const registerFormSchema = z.extend(registerSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    message: MSG.match,
    path: ["confirmPassword"],
    when: ({ value }) => typeof value === "object" && value !== null && "password" in value && "confirmPassword" in value,
  }),
);
