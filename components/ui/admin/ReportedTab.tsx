import type { ReportedItem } from "../../../common/api_types.ts";
import { post, useLoad, useRowCalls } from "./data.ts";
import { ActionsCell, CallButton, Cell, DeleteButton, ListTable, PreviewCell, Row, TitleCell } from "./parts.tsx";
import { MemberLink } from "./PostCells.tsx";
import { ReportList } from "./ReportList.tsx";
import ReportedPosts from "./ReportedPosts.tsx";

const reportsText = (n: number) => (n === 1 ? "1 report" : `${n} reports`);

/**
 * Reported items, then reported comments and forum posts (issue 34 point 1): each with its
 * uploader or writer and every report's reason, words, reporter and date; dismiss one report or
 * all of them (keeping it), or delete it.
 */
export default function ReportedTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<ReportedItem[]>("/api/admin/content/reported");
  const calls = useRowCalls(() => {
    reload();
    changed();
  });
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="reported-items">
        <h2 id="reported-items" className="mb-2 text-lg font-semibold">Items</h2>
        <ListTable
          state={state}
          empty="No reports"
          reload={reload}
          head={["Preview", "Title", "Reports", "Actions"]}
          row={(item) => (
            <Row key={item.id} id={item.id}>
              <PreviewCell item={item} />
              <TitleCell item={item}>
                <span className="text-xs text-neutral-300">
                  by <MemberLink user={{ id: item.uploaderId, username: item.uploaderName }} /> · {reportsText(item.reportCount)}
                </span>
              </TitleCell>
              <Cell stack>
                <ReportList
                  reports={item.reports}
                  total={item.reportCount}
                  rowId={item.id}
                  calls={calls}
                  dismiss={(reportId) => post(`/api/admin/content/${item.id}/reports/${reportId}/dismiss`)}
                />
              </Cell>
              <ActionsCell item={item}>
                <CallButton
                  calls={calls}
                  rowId={item.id}
                  title="Keep the item: resolve its reports and show it again"
                  call={() => post(`/api/admin/content/${item.id}/dismiss-reports`)}
                  success="Reports dismissed"
                >
                  Dismiss all
                </CallButton>
                <DeleteButton calls={calls} item={item} />
              </ActionsCell>
            </Row>
          )}
        />
      </section>
      <ReportedPosts changed={changed} />
    </div>
  );
}
