import type { Role } from "./roles.ts";
import type { Quota } from "./quota_rules.ts";
/**
 * The admin's page of one member (issue 34 point 4): `GET /api/admin/users/{id}` answers a
 * MemberPage, and `/admin/users/{id}` renders the same. Dates are ISO 8601. Pure: types and limits.
 */
import type { AdminPost, PostKind } from "./moderation.ts";

export const MEMBER_UPLOADS_PAGE = 24;
/** Newest comments, forum posts, reports and audit entries shown of each. */
export const MEMBER_RECENT = 20;
export const MEMBER_BANS_SHOWN = 50;

export type MemberRef = { id: number; username: string };

export type MemberBan = {
  id: number;
  reason: string | null;
  createdAt: string;
  /** null: until lifted. */
  endsAt: string | null;
  endedAt: string | null;
  endReason: "lifted" | "expired" | "replaced" | null;
  by: MemberRef | null;
  endedBy: MemberRef | null;
};

/** The ban in force: its reason and end (a member flagged banned before bans had rows has neither). */
export type CurrentBan = { reason: string | null; createdAt: string | null; endsAt: string | null; by: MemberRef | null };

export type MemberUpload = {
  id: number;
  title: string;
  contentType: "video" | "image" | "embed";
  reviewStatus: "pending" | "approved" | "rejected";
  rejectionReason: string | null;
  hidden: boolean;
  createdAt: string;
  thumbnail: string;
};

export type MemberReport = {
  id: number;
  kind: PostKind | "item";
  targetId: number;
  /** What was reported: the item's title, or the title of the item or thread a post is on. */
  context: string | null;
  href: string;
  reason: string;
  details: string | null;
  status: string;
  createdAt: string;
  /** The reporter (null: a visitor, or a deleted account). */
  reporter: MemberRef | null;
  visitor: boolean;
  /** Whose content was reported. */
  owner: MemberRef | null;
};

export type MemberAuditEntry = {
  id: number;
  action: string;
  /** null: the site (a ban ran out), or an admin account since deleted. */
  actor: MemberRef | null;
  targetType: string;
  targetId: number | null;
  details: Record<string, unknown> | null;
  createdAt: string;
};

export type MemberPage = {
  user: MemberRef & {
    email: string | null;
    emailVerified: boolean;
    isAdmin: boolean;
    role: Role;
    /** Their own upload quotas (issue 41 point 3): null follows the site's default, -1 unlimited. */
    uploadQuotaBytes: number | null;
    dailyUploadQuotaBytes: number | null;
    banned: boolean;
    about: string;
    createdAt: string;
    lastSeenAt: string | null;
  };
  ban: CurrentBan | null;
  /** What they stored against their quotas (`GET /api/admin/users/{id}`; -1 limits for admins). */
  quota?: Quota;
  counts: {
    uploads: number;
    approved: number;
    pending: number;
    rejected: number;
    comments: number;
    threads: number;
    forumComments: number;
    reportsMade: number;
  };
  uploads: { items: MemberUpload[]; page: number; pageSize: number; totalCount: number };
  comments: AdminPost[];
  forumPosts: AdminPost[];
  reportsMade: MemberReport[];
  reportsAgainst: MemberReport[];
  bans: MemberBan[];
  audit: MemberAuditEntry[];
};

/** What the actions answer, beside `ok`. */
export type PostsDeleted = { ok: true; comments: number; threads: number; forumComments: number };
export type PendingRejected = { ok: true; rejected: number[] };

/** The admin's page of a member. */
export const memberAdminHref = (id: number) => `/admin/users/${id}`;
