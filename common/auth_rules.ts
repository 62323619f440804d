/** The sign-in rules of spec part 1 §5, shared by the auth form and the server's zod schemas. */
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
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_MAX = 30;
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

export type Errors = Partial<Record<string, string>>;

export function usernameError(v: string): string | undefined {
  if (v.length < 3) return MSG.usernameShort;
  if (!USERNAME_RE.test(v)) return MSG.usernameChars;
}

export function validateLogin(v: { username: string; password: string }): Errors {
  const e: Errors = {};
  e.username = usernameError(v.username);
  if (v.password.length < 6) e.password = MSG.passwordShort;
  return clean(e);
}

export type RegisterValues = {
  username: string;
  email: string;
  dateOfBirth: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
};

export function validateRegister(v: RegisterValues): Errors {
  const e: Errors = {};
  e.username = usernameError(v.username);
  if (!EMAIL_RE.test(v.email)) e.email = MSG.email;
  const dob = new Date(v.dateOfBirth);
  if (Number.isNaN(dob.getTime()) || !isAdult(dob)) e.dateOfBirth = MSG.age;
  else if (!isPlausibleBirthDate(dob)) e.dateOfBirth = MSG.dob;
  if (v.password.length < 6) e.password = MSG.passwordShort;
  if (v.password !== v.confirmPassword) e.confirmPassword = MSG.match;
  if (!v.termsAccepted) e.termsAccepted = MSG.terms;
  return clean(e);
}

function clean(e: Errors): Errors {
  return Object.fromEntries(Object.entries(e).filter(([, m]) => m));
}
