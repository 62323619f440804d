import type { ReactNode } from "react";
import { auditActionLabel, auditSummary, auditTargetHref, SITE_ACTIONS } from "../../common/audit_actions.ts";
import { formatDateTime } from "../../common/format.ts";
import type { MemberAuditEntry } from "../../common/member_page.ts";
import { memberAdminHref } from "../../common/member_page.ts";

/** Entries as the Log and the member page list them; the member names who it was about. */
export type AuditLine = MemberAuditEntry & { subject?: { id: number; username: string } | null };

const link = "text-orange-300 underline wrap-anywhere";
/** Under 640 px each row is a card of labelled lines, as the dashboard's tables are (components/ui/admin/parts.tsx). */
const td = "px-3 py-2 align-top max-sm:flex max-sm:gap-3 max-sm:py-0.5 " +
  "max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:uppercase max-sm:before:text-neutral-300 " +
  "max-sm:before:content-[attr(data-label)]";

const Cell = ({ label, children }: { label: string; children: ReactNode }) => <td data-label={label} className={td}>{children}</td>;

function Actor({ e }: { e: AuditLine }) {
  if (e.actor) return <a href={memberAdminHref(e.actor.id)} className={link}>{e.actor.username}</a>;
  return <span className="text-neutral-300">{SITE_ACTIONS.includes(e.action as never) ? "The site" : "A deleted account"}</span>;
}

/**
 * Who did what to whom and when (issue 34 point 7): the time, the admin (linked to their page),
 * the action in words, the member it was about, and what it was about (linked while it exists)
 * with the details that matter (title, reason, length, counts).
 */
export function AuditTable({ entries, empty, showMember }: { entries: AuditLine[]; empty: string; showMember?: boolean }) {
  if (!entries.length) return <p className="py-10 text-center text-neutral-300">{empty}</p>;
  const head = ["When", "Admin", "Action", ...(showMember ? ["Member"] : []), "About"];
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-800">
      <table className="w-full text-left text-sm max-sm:block" data-testid="audit-table">
        <thead className="bg-neutral-900 text-xs uppercase text-neutral-300 max-sm:sr-only">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-neutral-800 max-sm:block">
          {entries.map((e) => {
            const href = auditTargetHref(e.action, e.targetType, e.targetId, e.details);
            const summary = auditSummary(e.action, e.details);
            return (
              <tr key={e.id} data-entry={e.id} data-action={e.action} className="max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-3">
                <Cell label="When">
                  <time dateTime={e.createdAt} className="whitespace-nowrap tabular-nums">{formatDateTime(e.createdAt)}</time>
                </Cell>
                <Cell label="Admin">
                  <Actor e={e} />
                </Cell>
                <Cell label="Action">{auditActionLabel(e.action)}</Cell>
                {showMember && (
                  <Cell label="Member">
                    {e.subject ? <a href={memberAdminHref(e.subject.id)} className={link}>{e.subject.username}</a> : "—"}
                  </Cell>
                )}
                <Cell label="About">
                  <span className="wrap-anywhere">
                    {href
                      ? <a href={href} className={link}>{`${e.targetType.replace("_", " ")} #${e.targetId}`}</a>
                      : <span className="text-neutral-300">{`${e.targetType.replace("_", " ")} #${e.targetId ?? "—"}`}</span>}
                    {summary && <span className="text-neutral-100">{` · ${summary}`}</span>}
                  </span>
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
