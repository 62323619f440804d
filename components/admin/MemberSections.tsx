/** The lists of the admin's member page (issue 34 point 4), rendered on the server. */
import type { ReactNode } from "react";
import type { AdminPost } from "../../common/moderation.ts";
import { heldReasonText, POST_KIND_LABEL } from "../../common/moderation.ts";
import { REPORT_REASONS } from "../../common/media_rules.ts";
import { formatDate, formatDateTime } from "../../common/format.ts";
import { memberAdminHref, type MemberBan, type MemberPage, type MemberReport } from "../../common/member_page.ts";
import { BAN_LENGTHS } from "../../common/ban_rules.ts";

const link = "text-orange-300 underline wrap-anywhere";
const muted = "text-neutral-300";

export function Section({ id, title, count, children }: { id: string; title: string; count?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
        {count && <span className={`ml-2 text-sm font-normal ${muted}`}>{count}</span>}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className={`text-sm ${muted}`}>{children}</p>;

const STATE: Record<string, { label: string; tone: string }> = {
  pending: { label: "Pending", tone: "bg-amber-900/60 text-amber-100" },
  approved: { label: "Approved", tone: "bg-emerald-900/60 text-emerald-100" },
  rejected: { label: "Rejected", tone: "bg-red-900/60 text-red-100" },
  held: { label: "Held", tone: "bg-amber-900/60 text-amber-100" },
  hidden: { label: "Hidden", tone: "bg-red-900/60 text-red-100" },
};
const Badge = ({ state }: { state: string }) =>
  STATE[state] ? <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATE[state].tone}`}>{STATE[state].label}</span> : null;

/** Every upload, a page at a time, with its state and the reason of a rejection. */
export function Uploads({ uploads, pageHref }: { uploads: MemberPage["uploads"]; pageHref: (page: number) => string }) {
  if (!uploads.items.length) return <Empty>No uploads.</Empty>;
  const pages = Math.max(1, Math.ceil(uploads.totalCount / uploads.pageSize));
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="member-uploads">
        {uploads.items.map((u) => (
          <li key={u.id} className="flex min-w-0 flex-col gap-1 text-xs" data-upload={u.id}>
            <img
              src={u.thumbnail}
              alt=""
              width={160}
              height={90}
              loading="lazy"
              className="aspect-video w-full rounded bg-neutral-800 object-cover"
            />
            <a href={`/media/${u.id}`} className={`${link} line-clamp-2 text-sm`}>{u.title}</a>
            <span className="flex flex-wrap items-center gap-1.5">
              <Badge state={u.reviewStatus} />
              {u.hidden && <span className="text-amber-300">Hidden</span>}
              <span className={muted}>{formatDate(u.createdAt, "numeric")}</span>
            </span>
            {u.rejectionReason && <span className={`line-clamp-2 ${muted}`}>{u.rejectionReason}</span>}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Upload pages" className="mt-3 flex items-center justify-center gap-3 text-sm">
          {uploads.page > 1 && <a className="btn-secondary" href={pageHref(uploads.page - 1)}>Prev</a>}
          <span>Page {uploads.page} of {pages}</span>
          {uploads.page < pages && <a className="btn-secondary" href={pageHref(uploads.page + 1)}>Next</a>}
        </nav>
      )}
    </>
  );
}

/** Their newest comments or forum posts: where, what, when, and a state other than shown. */
export function Posts({ posts, empty }: { posts: AdminPost[]; empty: string }) {
  if (!posts.length) return <Empty>{empty}</Empty>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-800 rounded-lg border border-neutral-800">
      {posts.map((p) => (
        <li key={`${p.kind}:${p.id}`} className="flex flex-col gap-1 px-3 py-2 text-sm" data-post={`${p.kind}:${p.id}`}>
          <span className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs ${muted}`}>
            <span>
              {POST_KIND_LABEL[p.kind]} on <a href={p.href} className={link}>{p.context ?? "a deleted place"}</a>
            </span>
            <time dateTime={p.createdAt}>{formatDate(p.createdAt, "numeric")}</time>
            {p.status !== "shown" && <Badge state={p.status} />}
            {p.status === "held" && <span>{heldReasonText(p.heldReason)}</span>}
          </span>
          {p.title && <span className="font-medium wrap-anywhere">{p.title}</span>}
          <span className="line-clamp-3 whitespace-pre-wrap wrap-anywhere">{p.content}</span>
        </li>
      ))}
    </ul>
  );
}

const reasonLabel = (v: string) => REPORT_REASONS.find((r) => r.value === v)?.label ?? v;
const KIND_LABEL: Record<MemberReport["kind"], string> = { item: "Item", ...POST_KIND_LABEL };

/** Reports they made (`side` "made": names whose content) or reports against them (names who reported). */
export function Reports({ reports, side, empty }: { reports: MemberReport[]; side: "made" | "against"; empty: string }) {
  if (!reports.length) return <Empty>{empty}</Empty>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-800 rounded-lg border border-neutral-800">
      {reports.map((r) => {
        const who = side === "made" ? r.owner : r.reporter;
        return (
          <li key={`${r.kind}:${r.id}`} className="flex flex-col gap-1 px-3 py-2 text-sm" data-report={`${r.kind}:${r.id}`}>
            <span className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs ${muted}`}>
              <span className="rounded bg-red-900/60 px-1.5 py-0.5 font-medium text-red-100">{reasonLabel(r.reason)}</span>
              <span>
                {KIND_LABEL[r.kind]} <a href={r.href} className={link}>{r.context ?? `#${r.targetId}`}</a>
              </span>
              <span>
                {side === "made" ? "of " : "by "}
                {who
                  ? <a href={memberAdminHref(who.id)} className={link}>{who.username}</a>
                  : r.visitor
                  ? "a visitor"
                  : "a deleted account"}
              </span>
              <time dateTime={r.createdAt}>{formatDate(r.createdAt, "numeric")}</time>
              <span>{r.status === "open" ? "Open" : "Resolved"}</span>
            </span>
            {r.details && <span className="whitespace-pre-wrap wrap-anywhere">{r.details}</span>}
          </li>
        );
      })}
    </ul>
  );
}

const END: Record<NonNullable<MemberBan["endReason"]>, string> = { lifted: "Lifted", expired: "Ran out", replaced: "Replaced" };

function lengthOf(b: MemberBan): string {
  if (!b.endsAt) return "Until lifted";
  const days = Math.round((Date.parse(b.endsAt) - Date.parse(b.createdAt)) / 86_400_000);
  return BAN_LENGTHS.find((l) => l.days === days)?.label ?? `${days} days`;
}

/** Every ban: when, how long, why, by whom, and how it ended. */
export function Bans({ bans }: { bans: MemberBan[] }) {
  if (!bans.length) return <Empty>Never banned.</Empty>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-800 rounded-lg border border-neutral-800">
      {bans.map((b) => (
        <li key={b.id} className="flex flex-col gap-1 px-3 py-2 text-sm" data-ban={b.id}>
          <span className={`flex flex-wrap gap-x-2 gap-y-1 text-xs ${muted}`}>
            <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>
            <span>{lengthOf(b)}</span>
            {b.by && <span>by {b.by.username}</span>}
            <span>
              {b.endedAt
                ? `${END[b.endReason ?? "lifted"]} ${formatDateTime(b.endedAt)}${b.endedBy ? ` by ${b.endedBy.username}` : ""}`
                : b.endsAt
                ? `In force until ${formatDateTime(b.endsAt)}`
                : "In force"}
            </span>
          </span>
          <span className="wrap-anywhere">{b.reason ?? <span className={muted}>No reason given</span>}</span>
        </li>
      ))}
    </ul>
  );
}
