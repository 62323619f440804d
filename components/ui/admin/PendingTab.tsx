import { useEffect, useState } from "react";
import { formatDate, formatDuration } from "../../../common/format.ts";
import { act, type AdminItem, type Load, post, useLoad, useRowCalls } from "./data.ts";
import { ActionsCell, CallButton, Cell, ListTable, PreviewCell, Row, RowButton, TitleCell, TYPE_LABEL } from "./parts.tsx";
import RejectDialog from "./RejectDialog.tsx";
import LookAlikes from "./LookAlikes.tsx";
import { WatchedFlag } from "./WatchedFlag.tsx";
import { MemberLink } from "./PostCells.tsx";
import { BulkBar } from "./BulkBar.tsx";
import { Pager } from "./Pager.tsx";
import { useSelection } from "./selection.ts";
import { ConfirmDialog } from "../forum/ConfirmDialog.tsx";
import type { PendingItem } from "../../../common/api_types.ts";
import { PENDING_PAGE_SIZE } from "../../../common/admin_rules.ts";

type Bulk = "approve" | "reject" | "delete";
const DONE: Record<Bulk, string> = { approve: "approved", reject: "rejected", delete: "deleted" };

/** "3 rejected", and how many were skipped because another admin decided on them meanwhile. */
const bulkToast = (action: Bulk) => (answer: unknown) => {
  const { done, skipped } = answer as { done: unknown[]; skipped: unknown[] };
  const did = `${done.length} ${DONE[action]}`;
  return skipped.length ? `${did}, ${skipped.length} no longer waiting` : did;
};

/**
 * Uploads awaiting review, oldest first, a page at a time: feature, approve or reject (with a
 * reason) each, or the rows checked (or the whole page) at once (issue 34 point 6); each row names
 * its uploader and the look-alikes to compare it with (point 5).
 */
export default function PendingTab({ changed, canFeature = true }: { changed: () => void; canFeature?: boolean }) {
  const [state, reload] = useLoad<PendingItem[]>("/api/admin/content/pending");
  const [page, setPage] = useState(1);
  const all = state.status === "ready" ? state.data : [];
  const rows = all.slice((page - 1) * PENDING_PAGE_SIZE, page * PENDING_PAGE_SIZE);
  const selection = useSelection(rows.map((i) => String(i.id)));
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<"reject" | "delete" | null>(null);
  const refresh = () => {
    reload();
    changed();
  };
  const calls = useRowCalls(refresh);
  const [rejecting, setRejecting] = useState<AdminItem | null>(null);
  // Videos still being processed: their state and percentage, live (issue 21).
  const processing = all.some((i) => i.processing?.state === "queued" || i.processing?.state === "processing");
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(reload, 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function bulk(action: Bulk, reason?: string): Promise<boolean> {
    setBusy(true);
    const ids = selection.keys.map(Number);
    const ok = await act(() => post("/api/admin/content/bulk", { action, ids, reason }), bulkToast(action), refresh);
    selection.clear();
    setBusy(false);
    return ok;
  }

  const listState: Load<PendingItem[]> = state.status === "ready" ? { status: "ready", data: rows } : state;
  const none = selection.keys.length === 0 || busy;
  const n = selection.keys.length;
  return (
    <>
      <BulkBar selection={selection} rows={rows.length} busy={busy}>
        <RowButton look="good" disabled={none} onClick={() => bulk("approve")}>Approve selected</RowButton>
        <RowButton look="bad" disabled={none} onClick={() => setAsking("reject")}>Reject selected</RowButton>
        <RowButton look="bad" disabled={none} onClick={() => setAsking("delete")}>Delete selected</RowButton>
      </BulkBar>
      <ListTable
        state={listState}
        empty="Nothing pending"
        reload={reload}
        head={["Select", "#", "Preview", "Title", "Uploader", "Type", "Duration", "Date", "Actions"]}
        row={(item, i) => (
          <Row key={item.id} id={item.id}>
            <Cell>
              <input
                type="checkbox"
                className="size-4 accent-orange-500"
                aria-label={`Select “${item.title}”`}
                checked={selection.has(String(item.id))}
                disabled={busy}
                onChange={() => selection.toggle(String(item.id))}
              />
            </Cell>
            <Cell>{(page - 1) * PENDING_PAGE_SIZE + i + 1}</Cell>
            <PreviewCell item={item} />
            <TitleCell item={item}>
              <WatchedFlag words={item.watchedWords} />
              <LookAlikes item={item} />
            </TitleCell>
            <Cell>
              <MemberLink user={{ id: item.uploaderId, username: item.uploaderName }} />
            </Cell>
            <Cell>{TYPE_LABEL[item.contentType]}</Cell>
            <Cell numeric>{formatDuration(item.duration)}</Cell>
            <Cell>{formatDate(item.createdAt, "numeric")}</Cell>
            <ActionsCell item={item}>
              {/* Featuring is the admins' (issue 41 point 4): moderators get no button that would answer 403. */}
              {canFeature && (
                <CallButton
                  calls={calls}
                  rowId={item.id}
                  disabled={busy}
                  call={() => post(`/api/admin/content/${item.id}/feature`)}
                  success="Toggled featured"
                >
                  {item.featured ? "Unfeature" : "Feature"}
                </CallButton>
              )}
              <CallButton
                calls={calls}
                rowId={item.id}
                look="good"
                disabled={busy}
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
              <RowButton look="bad" disabled={busy || calls.busyId === item.id} onClick={() => setRejecting(item)}>Reject</RowButton>
            </ActionsCell>
          </Row>
        )}
      />
      <Pager page={page} setPage={setPage} total={all.length} size={PENDING_PAGE_SIZE} ready={state.status === "ready"} />
      {rejecting && (
        <RejectDialog
          what={`“${rejecting.title}”`}
          close={() => setRejecting(null)}
          submit={(reason) => act(() => post(`/api/admin/content/${rejecting.id}/reject`, { reason }), "Rejected", refresh)}
        />
      )}
      {asking === "reject" && (
        <RejectDialog
          what={n === 1 ? "1 item" : `${n} items`}
          close={() => setAsking(null)}
          submit={(reason) => bulk("reject", reason)}
        />
      )}
      {asking === "delete" && (
        <ConfirmDialog
          title={`Delete ${n === 1 ? "this item" : `these ${n} items`}?`}
          message={n === 1 ? "It and its files will be removed for good." : "They and their files will be removed for good."}
          confirmLabel="Delete"
          onConfirm={() => bulk("delete").then(() => undefined)}
          close={() => setAsking(null)}
        />
      )}
    </>
  );
}
