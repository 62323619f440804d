/**
 * Who may do what in the admin area (issue 41 point 4, decision 044). A moderator works the queues
 * (review, reports, held posts, watched words, sign-ups, look-alikes) and bans members; settings,
 * roles, invites, federation, categories, featuring and the site's figures stay with admins.
 */
export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** Moderators and admins: the admin area's queues. */
export const canModerate = (role: Role | null | undefined) => role === "moderator" || role === "admin";

/** Whom `actor` may ban, edit or delete: admins anyone but admins (as before), moderators members only. */
export const mayActOn = (actor: Role, target: Role) => actor === "admin" || target === "member";

export const ROLE_LABELS: Record<Role, string> = { member: "Member", moderator: "Moderator", admin: "Admin" };

export const ROLE_MSG = {
  adminOnly: "Only admins can do that",
  moderatorOnly: "Only admins and moderators can do that",
  staff: "Moderators cannot act on admins or moderators",
  lastAdmin: "The last admin cannot be demoted: make another member an admin first",
} as const;
