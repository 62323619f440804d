import { Hono } from "hono";
import { z } from "zod";
import { AdminNav } from "../../components/admin/AdminNav.tsx";
import { AuditTable } from "../../components/admin/AuditTable.tsx";
import { Bans, Posts, Reports, Section, Uploads } from "../../components/admin/MemberSections.tsx";
import { Island } from "../../components/Island.tsx";
import MemberActions from "../../islands/MemberActions.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { loadMemberPage } from "../../lib/community/member_page.ts";
import { notFound } from "../../lib/http_error.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { idOr400, parseOr400 } from "../../lib/validate.ts";
import { formatCount, formatDate, formatDateTime } from "../../common/format.ts";
import { profileHref } from "../../common/profile_rules.ts";
import { BAN_MSG } from "../../common/ban_rules.ts";
import MemberRoleQuota from "../../islands/MemberRoleQuota.tsx";
import { canModerate, mayActOn, ROLE_LABELS, ROLE_MSG } from "../../common/roles.ts";
import { quotaOf } from "../../lib/media/quota.ts";
import { quotaLine } from "../../common/quota_rules.ts";
import { MEMBER_RECENT, type MemberPage } from "../../common/member_page.ts";

const pageQuery = z.object({ page: z.string().regex(/^\d{1,5}$/, "page must be a whole number").transform(Number).optional() });

const muted = "text-neutral-300";

function Counts({ m }: { m: MemberPage }) {
  const n = m.counts;
  const cells: [string, string][] = [
    ["Uploads", `${formatCount(n.uploads)} (${n.approved} approved, ${n.pending} pending, ${n.rejected} rejected)`],
    ["Item comments", formatCount(n.comments)],
    ["Forum threads", formatCount(n.threads)],
    ["Forum comments", formatCount(n.forumComments)],
    ["Reports made", formatCount(n.reportsMade)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5" data-testid="member-counts">
      {cells.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-neutral-800 bg-neutral-900 px-3 py-2">
          <dt className={`text-xs uppercase ${muted}`}>{label}</dt>
          <dd className="text-sm font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The ban in force: until when, why, by whom (what the member reads at sign-in). */
function BanNotice({ m }: { m: MemberPage }) {
  if (!m.ban) return null;
  const b = m.ban;
  return (
    <div className="mt-4 rounded-lg border border-red-800 bg-red-950 p-3 text-sm text-red-100" data-testid="ban-notice">
      <p className="font-semibold">{b.endsAt ? `Banned until ${formatDateTime(b.endsAt)}` : "Banned until lifted"}</p>
      <p className="wrap-anywhere">{b.reason ? `Reason: ${b.reason}` : "No reason given."}</p>
      {(b.by || b.createdAt) && (
        <p className="text-xs text-red-200">
          {b.by ? `By ${b.by.username}` : "Banned"}
          {b.createdAt ? ` on ${formatDateTime(b.createdAt)}` : ""}
        </p>
      )}
    </div>
  );
}

/**
 * `/admin/users/{id}` (issue 34 point 4): one member as an admin sees them, rendered on the server
 * from what `GET /api/admin/users/{id}` answers; the actions are the one island. Members and
 * visitors are sent home, as from `/admin`.
 */
export const adminMemberPage = new Hono<AppEnv>().get("/:id", async (c) => {
  const admin = c.var.user;
  if (!admin || !canModerate(admin.role)) return c.redirect("/", 302);
  const id = idOr400(c.req.param("id"));
  const { page = 1 } = parseOr400(pageQuery, c.req.query());
  const m = await loadMemberPage(c.var.db, id, Math.max(1, page));
  if (!m) throw notFound(BAN_MSG.userNotFound);
  const u = m.user;
  // Moderators act on members only (issue 41 point 4); admins on anyone but admins, as before.
  const locked = u.id === admin.id ? BAN_MSG.self : u.isAdmin ? BAN_MSG.admin : !mayActOn(admin.role, u.role) ? ROLE_MSG.staff : null;
  const quota = await quotaOf(c.var.db, c.var.config, u.id, c.var.now());
  return renderPage(
    c,
    (
      <section className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
        <AdminNav current={null} role={admin.role} />
        <header className="flex flex-col gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold wrap-anywhere">
            {u.username}
            {u.role !== "member" && (
              <span className="rounded bg-orange-500/20 px-1.5 text-xs font-medium text-orange-300">{ROLE_LABELS[u.role]}</span>
            )}
            <span
              className={`rounded px-1.5 text-xs font-medium ${
                u.banned ? "bg-red-900/60 text-red-100" : "bg-emerald-900/60 text-emerald-100"
              }`}
            >
              {u.banned ? "Banned" : "Active"}
            </span>
          </h1>
          <p className={`text-sm ${muted}`}>
            Joined {formatDate(u.createdAt)} · {u.lastSeenAt ? `last seen ${formatDate(u.lastSeenAt)}` : "never seen since"} ·{" "}
            <span className="wrap-anywhere">{u.email ?? "no email"}</span> ({u.emailVerified ? "verified" : "not verified"}) ·{" "}
            <a href={profileHref(u)} className="text-orange-300 underline">Public profile</a>
          </p>
          {u.about && <p className="text-sm whitespace-pre-wrap wrap-anywhere">{u.about}</p>}
        </header>
        <BanNotice m={m} />
        <div className="mt-4">
          <Island
            name="MemberActions"
            component={MemberActions}
            props={{
              userId: u.id,
              username: u.username,
              banned: u.banned,
              locked,
              pendingUploads: m.counts.pending,
              posts: { comments: m.counts.comments, threads: m.counts.threads, forumComments: m.counts.forumComments },
            }}
          />
        </div>
        {admin.role === "admin"
          ? (
            <div className="mt-4">
              <Island
                name="MemberRoleQuota"
                component={MemberRoleQuota}
                props={{
                  userId: u.id,
                  role: u.role,
                  self: u.id === admin.id,
                  uploadQuotaBytes: u.uploadQuotaBytes,
                  dailyUploadQuotaBytes: u.dailyUploadQuotaBytes,
                  quota,
                }}
              />
            </div>
          )
          : <p className={`mt-4 text-sm ${muted}`} data-testid="member-quota">Uploads: {quotaLine(quota.used, quota.limit)}</p>}
        <Counts m={m} />
        <Section id="uploads" title="Uploads" count={`${formatCount(m.uploads.totalCount)} in every state`}>
          <Uploads uploads={m.uploads} pageHref={(p) => `/admin/users/${u.id}?page=${p}#uploads`} />
        </Section>
        <Section id="comments" title="Item comments" count={`newest ${MEMBER_RECENT}`}>
          <Posts posts={m.comments} empty="No comments." />
        </Section>
        <Section id="forum" title="Forum posts" count={`newest ${MEMBER_RECENT}`}>
          <Posts posts={m.forumPosts} empty="No forum posts." />
        </Section>
        <Section id="reports-against" title="Reports against their content" count={`newest ${MEMBER_RECENT}`}>
          <Reports reports={m.reportsAgainst} side="against" empty="Nothing of theirs was reported." />
        </Section>
        <Section id="reports-made" title="Reports they made" count={`newest ${MEMBER_RECENT}`}>
          <Reports reports={m.reportsMade} side="made" empty="No reports made." />
        </Section>
        <Section id="bans" title="Bans">
          <Bans bans={m.bans} />
        </Section>
        <Section id="audit" title="Log entries about them" count={`newest ${MEMBER_RECENT}`}>
          <AuditTable entries={m.audit} empty="Nothing recorded." />
          {admin.role === "admin" && (
            <p className="mt-2 text-sm">
              <a href={`/admin/log?member=${encodeURIComponent(u.username)}`} className="text-orange-300 underline">
                All of them in the Log
              </a>
            </p>
          )}
        </Section>
      </section>
    ),
    { meta: { title: `${u.username} · Admin`, noindex: true } },
  );
});
