import { accountAgeText, type ReportView } from "../../../common/moderation.ts";
import { formatDate } from "../../../common/format.ts";
import { REPORT_REASONS } from "../../../common/media_rules.ts";
import { MemberLink } from "./PostCells.tsx";
import type { RowCalls } from "./data.ts";
import { CallButton } from "./parts.tsx";

export const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * The reports of one item or post (issue 34 point 1): each one's reason, the reporter's words,
 * who reported (a member, linked, or "visitor") and when, with Dismiss for that report alone; beside
 * a member, their account's age when they reported and whether their email is verified, and whether
 * the report counts toward hiding (issue 42 point 1).
 * `total` is how many are open; the newest are listed.
 */
export function ReportList({ reports, total, rowId, calls, dismiss }: {
  reports: ReportView[];
  total: number;
  rowId: number;
  calls: RowCalls;
  dismiss: (reportId: number) => Promise<unknown>;
}) {
  return (
    <div className="flex w-full flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label="Reports">
        {reports.map((r) => (
          <li key={r.id} className="rounded-md bg-neutral-950/70 px-2.5 py-2" data-report-id={r.id}>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
              <span className="rounded bg-red-900/60 px-1.5 py-0.5 font-medium text-red-100">{reasonLabel(r.reason)}</span>
              <span className="text-neutral-300">
                by {r.reporter
                  ? <MemberLink user={r.reporter} />
                  : r.remote
                  ? (
                    <a href={r.remote.url} rel="nofollow noopener" className="text-sky-300 hover:underline" data-remote-reporter>
                      {r.remote.handle}
                    </a>
                  )
                  : r.visitor
                  ? "visitor"
                  : "a deleted account"}
              </span>
              {r.reporterAgeHours !== null && (
                <span className="text-neutral-300" data-testid="reporter-account">
                  {`account ${accountAgeText(r.reporterAgeHours)} old · ${r.reporterVerified ? "verified" : "unverified"}`}
                </span>
              )}
              <span
                className={r.counts
                  ? "rounded bg-amber-900/60 px-1.5 py-0.5 text-amber-100"
                  : "rounded bg-neutral-800 px-1.5 py-0.5 text-neutral-200"}
                title={r.counts
                  ? "Counts toward hiding"
                  : "A visitor's, a new or unverified account's, or the owner's report does not count"}
              >
                {r.counts ? "counts" : "not counted"}
              </span>
              <time dateTime={r.createdAt} className="text-neutral-300">{formatDate(r.createdAt, "numeric")}</time>
              <span className="ml-auto">
                <CallButton
                  calls={calls}
                  rowId={rowId}
                  title="Dismiss this report only"
                  aria-label={`Dismiss the report by ${r.reporter?.username ?? r.remote?.handle ?? "a visitor"}`}
                  call={() => dismiss(r.id)}
                  success="Report dismissed"
                >
                  Dismiss
                </CallButton>
              </span>
            </div>
            {r.details && (
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-neutral-100" data-testid="report-details">{r.details}</p>
            )}
          </li>
        ))}
      </ul>
      {total > reports.length && <p className="text-xs text-neutral-300">{`and ${total - reports.length} older`}</p>}
    </div>
  );
}
