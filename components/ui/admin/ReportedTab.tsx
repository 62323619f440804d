import type { ReportedItem } from "../../../common/api_types.ts";
import { formatDate } from "../../../common/format.ts";
import { REPORT_REASONS } from "../../../common/media_rules.ts";
import { post, useLoad, useRowCalls } from "./data.ts";
import { ActionsCell, CallButton, Cell, DeleteButton, ListTable, PreviewCell, Row, TitleCell } from "./parts.tsx";

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/** Items with open reports: dismiss the reports (keeping the item) or delete it. */
export default function ReportedTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<ReportedItem[]>("/api/admin/content/reported");
  const calls = useRowCalls(() => {
    reload();
    changed();
  });
  return (
    <ListTable
      state={state}
      empty="No reports"
      reload={reload}
      head={["Preview", "Title", "Reason", "Date", "Actions"]}
      row={(item) => (
        <Row key={item.id} id={item.id}>
          <PreviewCell item={item} />
          <TitleCell item={item}>
            <span className="text-xs text-neutral-400">
              {item.openReports === 1 ? "1 report" : `${item.openReports} reports`}
            </span>
          </TitleCell>
          <Cell>{reasonLabel(item.reportReason)}</Cell>
          <Cell>{formatDate(item.reportedAt, "numeric")}</Cell>
          <ActionsCell item={item}>
            <CallButton
              calls={calls}
              rowId={item.id}
              title="Keep the item: resolve its reports and show it again"
              call={() => post(`/api/admin/content/${item.id}/dismiss-reports`)}
              success="Reports dismissed"
            >
              Dismiss
            </CallButton>
            <DeleteButton calls={calls} item={item} />
          </ActionsCell>
        </Row>
      )}
    />
  );
}
