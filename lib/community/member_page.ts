/**
 * One member as an admin sees them (issue 34 point 4): `GET /api/admin/users/{id}` and the page
 * `/admin/users/{id}` both read this. Each list is a bounded, indexed read (db/queries/member_admin.ts).
 */
import type { Db } from "../../db/client.ts";
import { type AuditRow, listAuditEntries } from "../../db/queries/audit.ts";
import { type BanRow, findOpenBan, listBansOf } from "../../db/queries/bans.ts";
import {
  countMemberPosts,
  countUploadsByState,
  findMemberAccount,
  listMemberPosts,
  listMemberReports,
  listMemberUploads,
  type MemberReportRow,
} from "../../db/queries/member_admin.ts";
import {
  MEMBER_BANS_SHOWN,
  MEMBER_RECENT,
  MEMBER_UPLOADS_PAGE,
  type MemberAuditEntry,
  type MemberBan,
  type MemberPage,
  type MemberRef,
  type MemberReport,
} from "../../common/member_page.ts";
import { thumbnailUrl } from "../media/content_item.ts";
import { postHref, toAdminPost } from "./admin_posts.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ref = (id: number | null, username: string | null): MemberRef | null => id !== null && username !== null ? { id, username } : null;

const toBan = (b: BanRow): MemberBan => ({
  id: b.id,
  reason: b.reason,
  createdAt: new Date(b.createdAt).toISOString(),
  endsAt: iso(b.endsAt),
  endedAt: iso(b.endedAt),
  endReason: b.endReason,
  by: ref(b.adminId, b.adminName),
  endedBy: ref(b.endedById, b.endedByName),
});

const toReport = (r: MemberReportRow): MemberReport => ({
  id: r.id,
  kind: r.kind,
  targetId: r.targetId,
  context: r.context,
  href: r.kind === "item" ? `/media/${r.targetId}` : postHref(r.kind, r.targetId, r.parentId),
  reason: r.reason,
  details: r.details,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
  reporter: ref(r.reporterId, r.reporterName),
  visitor: !r.reporterKey.startsWith("u:"),
  owner: ref(r.ownerId, r.ownerName),
});

export function toAuditView(r: AuditRow): MemberAuditEntry {
  let details: Record<string, unknown> | null = null;
  try {
    details = r.details ? JSON.parse(r.details) : null;
  } catch {
    // An entry written by hand, or cut: shown without its details.
  }
  return {
    id: r.id,
    action: r.action,
    actor: ref(r.actorId, r.actorName),
    targetType: r.targetType,
    targetId: r.targetId,
    details,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** The member's page, `page` of their uploads; null when there is no such account. */
export async function loadMemberPage(db: Db, id: number, page: number): Promise<MemberPage | null> {
  const account = await findMemberAccount(db, id);
  if (!account) return null;
  const [open, byState, posts, uploads, comments, threads, forumComments, made, against, bans, audit] = await Promise.all([
    findOpenBan(db, id),
    countUploadsByState(db, id),
    countMemberPosts(db, id),
    listMemberUploads(db, id, (page - 1) * MEMBER_UPLOADS_PAGE, MEMBER_UPLOADS_PAGE),
    listMemberPosts(db, "comment", id, MEMBER_RECENT),
    listMemberPosts(db, "thread", id, MEMBER_RECENT),
    listMemberPosts(db, "forum-comment", id, MEMBER_RECENT),
    listMemberReports(db, "made", id, MEMBER_RECENT),
    listMemberReports(db, "against", id, MEMBER_RECENT),
    listBansOf(db, id, MEMBER_BANS_SHOWN),
    listAuditEntries(db, { limit: MEMBER_RECENT, kind: "all", subjectId: id }),
  ]);
  const openRow = open ? bans.find((b) => b.id === open.id) : undefined;
  const counts = { approved: byState.approved ?? 0, pending: byState.pending ?? 0, rejected: byState.rejected ?? 0 };
  const forumPosts = [...threads, ...forumComments].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).slice(0, MEMBER_RECENT);
  return {
    user: {
      ...account,
      createdAt: new Date(account.createdAt).toISOString(),
      lastSeenAt: iso(account.lastSeenAt),
    },
    ban: !account.banned ? null : {
      reason: open?.reason ?? null,
      createdAt: iso(open?.createdAt ?? null),
      endsAt: iso(open?.endsAt ?? null),
      by: openRow ? ref(openRow.adminId, openRow.adminName) : null,
    },
    counts: { uploads: counts.approved + counts.pending + counts.rejected, ...counts, ...posts },
    uploads: {
      items: uploads.map((u) => ({
        id: u.id,
        title: u.title,
        contentType: u.contentType,
        reviewStatus: u.reviewStatus,
        rejectionReason: u.rejectionReason,
        hidden: u.hidden,
        createdAt: new Date(u.createdAt).toISOString(),
        thumbnail: thumbnailUrl(u),
      })),
      page,
      pageSize: MEMBER_UPLOADS_PAGE,
      totalCount: counts.approved + counts.pending + counts.rejected,
    },
    comments: comments.map(toAdminPost),
    forumPosts: forumPosts.map(toAdminPost),
    reportsMade: made.map(toReport),
    reportsAgainst: against.map(toReport),
    bans: bans.map(toBan),
    audit: audit.map(toAuditView),
  };
}
