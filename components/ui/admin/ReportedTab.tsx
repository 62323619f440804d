import { type AdminItem, post, useLoad, useRowCalls } from "./data.ts";
import { ActionsCell, CallButton, Cell, dateText, DeleteButton, ListTable, PreviewCell, Row, TitleCell } from "./parts.tsx";

const REASONS: Record<string, string> = {
  inappropriate: "Inappropriate Content",
  copyright: "Copyright Infringement",
  explicit: "Explicit Content",
  misinformation: "Misinformation",
  other: "Other",
};

/** Items with open reports: dismiss the reports (keeping the item) or delete it. */
export default function ReportedTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<AdminItem[]>("/api/admin/content/reported");
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
          <Cell>{REASONS[item.reportReason ?? ""] ?? item.reportReason}</Cell>
          <Cell>{dateText(item.reportedAt)}</Cell>
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
