/**
 * The site's settings (issue 41 point 1, decision 043): the admin Settings tab edits them, the server keeps them in
 * `site_settings` (lib/settings/site_settings.ts). Pure: the rules and words both sides use.
 */
export const REGISTRATION_MODES = ["open", "approval", "invite", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export type SiteSettings = {
  siteName: string;
  siteDescription: string;
  registrations: RegistrationMode;
  /** Bytes a member may store in all, and per day; -1: no limit (issue 41 point 3 enforces them). */
  uploadQuotaBytes: number;
  dailyUploadQuotaBytes: number;
  /** The texts of the Terms, Privacy Policy, FAQ and Contact dialog (once OPERATOR_NAME and the like). */
  operatorName: string;
  /** Empty: none. */
  operatorAddress: string;
  governingLaw: string;
  supportEmail: string;
  copyrightEmail: string;
};

export const SETTING_LIMITS = {
  siteName: 60,
  siteDescription: 120,
  operatorName: 120,
  operatorAddress: 300,
  governingLaw: 200,
  /** A petabyte: a larger number is a typo. */
  quotaBytes: 1e15,
} as const;

export const REGISTRATION_LABEL: Record<RegistrationMode, string> = {
  open: "Open: anyone may sign up",
  approval: "Approval: an admin approves each sign-up",
  invite: "Invite only: sign-ups need an invite code",
  closed: "Closed: nobody may sign up",
};

export const REASON_MAX = 500;
export const INVITE_MAX_USES = 1000;
export const INVITE_MAX_DAYS = 365;
/** Invites kept at once (revoked and used-up ones included): the list stays one page. */
export const INVITES_MAX = 500;

/** The words a visitor reads (the form, the API's refusals and the mails say the same). */
export const SIGNUP_MSG = {
  closed: "Sign-ups are closed on this site.",
  inviteNeeded: "An invite code is needed to join this site.",
  inviteUnknown: "This invite code is not valid.",
  inviteUsedUp: "This invite code has been used up.",
  inviteExpired: "This invite code has expired.",
  inviteRevoked: "This invite code has been revoked.",
  reasonNeeded: "Tell us why you want to join (1-500 characters).",
  question: "Why do you want to join?",
  pending: "Your account is waiting for approval by the site's team. You will get an email once it has been reviewed.",
  requested: "Thanks! Your request to join has been sent. You will get an email once the site's team has reviewed it.",
} as const;
