import { Hono } from "hono";
import { z } from "zod";
import { AdminNav } from "../../components/admin/AdminNav.tsx";
import { AuditTable } from "../../components/admin/AuditTable.tsx";
import { findUserIdByName, listAdmins, listAuditEntries } from "../../db/queries/audit.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { toAuditView } from "../../lib/community/member_page.ts";
import { parseOr400 } from "../../lib/validate.ts";
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS, LOG_PAGE_SIZE } from "../../common/audit_actions.ts";

const id = z.string().regex(/^\d{1,15}$/, "must be a whole number").transform(Number);
/** The Log's address: filters by admin, action and member (a username), paged by entry id either way. */
const logQuery = z.object({
  admin: id.optional(),
  action: z.enum(AUDIT_ACTIONS, "action must be one of the log's actions").optional(),
  member: z.string().trim().max(100, "member must be a username").optional(),
  before: id.optional(),
  after: id.optional(),
});

/** The query string of the Log with these filters and page. */
function logHref(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `/admin/log?${qs}` : "/admin/log";
}

const field = "field max-w-full";

/**
 * `/admin/log` (issue 34 point 7): the audit log as the admin area's "Log" tab, rendered on the
 * server (a GET form and links: it works without script). Who did what to whom and when, newest
 * first, filtered by admin, action and member, a page of LOG_PAGE_SIZE at a time by entry id
 * (keyset: "Older" and "Newer" cost the same on any page).
 */
export const adminLogPage = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  if (!user?.isAdmin) return c.redirect("/", 302);
  const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ""));
  const q = parseOr400(logQuery, raw);
  const { db } = c.var;
  const [admins, subjectId] = await Promise.all([listAdmins(db), q.member ? findUserIdByName(db, q.member) : null]);
  const noSuchMember = q.member !== undefined && subjectId === null;
  const filter = { limit: LOG_PAGE_SIZE + 1, kind: "all" as const, actorId: q.admin, action: q.action, subjectId: subjectId ?? undefined };
  let rows = noSuchMember ? [] : await listAuditEntries(db, { ...filter, before: q.after ? undefined : q.before, after: q.after });
  // One row more than the page says whether there is another page that way.
  const more = rows.length > LOG_PAGE_SIZE;
  rows = rows.slice(0, LOG_PAGE_SIZE);
  if (q.after) rows.reverse();
  const entries = rows.map((r) => ({
    ...toAuditView(r),
    subject: r.subjectId !== null && r.subjectName !== null ? { id: r.subjectId, username: r.subjectName } : null,
  }));
  const keep = { admin: q.admin, action: q.action, member: q.member };
  const older = entries.length && (q.after ? true : more) ? logHref({ ...keep, before: entries.at(-1)!.id }) : null;
  const newer = entries.length && (q.after ? more : q.before !== undefined) ? logHref({ ...keep, after: entries[0].id }) : null;
  return renderPage(
    c,
    (
      <section className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
        <h1 className="mb-4 text-2xl font-bold">Admin Dashboard</h1>
        <AdminNav current="log" role={user.role} />
        <h2 className="mb-3 text-lg font-semibold">Log</h2>
        <form method="get" action="/admin/log" className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" role="search">
          <label className="flex flex-col gap-1 text-sm">
            <span>Admin</span>
            <select name="admin" className={field} defaultValue={q.admin ? String(q.admin) : ""}>
              <option value="">Any admin</option>
              {admins.map((a) => <option key={a.id} value={a.id}>{a.username}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>Action</span>
            <select name="action" className={field} defaultValue={q.action ?? ""}>
              <option value="">Any action</option>
              {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABEL[a]}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>Member</span>
            <input
              name="member"
              className={field}
              defaultValue={q.member ?? ""}
              placeholder="Username"
              maxLength={100}
              autoComplete="off"
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">Filter</button>
            <a href="/admin/log" className="btn-secondary">Clear</a>
          </div>
        </form>
        {noSuchMember && <p role="status" className="mb-3 text-sm text-amber-300">No member is named “{q.member}”.</p>}
        <AuditTable entries={entries} empty="No entries" showMember />
        {(older || newer) && (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
            {newer && <a href={newer} className="btn-secondary">Newer</a>}
            {older && <a href={older} className="btn-secondary">Older</a>}
          </nav>
        )}
      </section>
    ),
    { meta: { title: "Log · Admin", noindex: true } },
  );
});
