import { useEffect, useState } from "react";
import { formatDate, formatDuration } from "../../../common/format.ts";
import { act, type AdminItem, post, useLoad, useRowCalls } from "./data.ts";
import { ActionsCell, CallButton, Cell, ListTable, PreviewCell, Row, RowButton, TitleCell, TYPE_LABEL } from "./parts.tsx";
import RejectDialog from "./RejectDialog.tsx";
import LookAlikes from "./LookAlikes.tsx";
import { WatchedFlag } from "./WatchedFlag.tsx";
import type { PendingItem } from "../../../common/api_types.ts";

/** Uploads awaiting review: feature, approve or reject (with a reason) each. */
export default function PendingTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<PendingItem[]>("/api/admin/content/pending");
  const refresh = () => {
    reload();
    changed();
  };
  const calls = useRowCalls(refresh);
  const [rejecting, setRejecting] = useState<AdminItem | null>(null);
  // Videos still being processed: their state and percentage, live (issue 21).
  const processing = state.status === "ready" &&
    state.data.some((i) => i.processing?.state === "queued" || i.processing?.state === "processing");
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(reload, 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <ListTable
        state={state}
        empty="Nothing pending"
        reload={reload}
        head={["#", "Preview", "Title", "Type", "Duration", "Date", "Actions"]}
        row={(item, i) => (
          <Row key={item.id} id={item.id}>
            <Cell>{i + 1}</Cell>
            <PreviewCell item={item} />
            <TitleCell item={item}>
              <WatchedFlag words={item.watchedWords} />
              <LookAlikes item={item} />
            </TitleCell>
            <Cell>{TYPE_LABEL[item.contentType]}</Cell>
            <Cell numeric>{formatDuration(item.duration)}</Cell>
            <Cell>{formatDate(item.createdAt, "numeric")}</Cell>
            <ActionsCell item={item}>
              <CallButton
                calls={calls}
                rowId={item.id}
                call={() => post(`/api/admin/content/${item.id}/feature`)}
                success="Toggled featured"
              >
                {item.featured ? "Unfeature" : "Feature"}
              </CallButton>
              <CallButton
                calls={calls}
                rowId={item.id}
                look="good"
                call={() => post(`/api/admin/content/${item.id}/approve`)}
                success="Approved"
              >
                Approve
              </CallButton>
              {item.processing?.state === "failed" && (
                <CallButton
                  calls={calls}
                  rowId={item.id}
                  call={() => post(`/api/admin/content/${item.id}/reprocess`)}
                  success="Processing queued again"
                >
                  Retry processing
                </CallButton>
              )}
              <RowButton look="bad" disabled={calls.busyId === item.id} onClick={() => setRejecting(item)}>Reject</RowButton>
            </ActionsCell>
          </Row>
        )}
      />
      {rejecting && (
        <RejectDialog
          item={rejecting}
          close={() => setRejecting(null)}
          submit={(reason) => act(() => post(`/api/admin/content/${rejecting.id}/reject`, { reason }), "Rejected", refresh)}
        />
      )}
    </>
  );
}
