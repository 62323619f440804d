import { useState } from "react";
import { type AdminPost, HELD_PAGE_SIZE, type HeldPage, heldReasonText, POST_KIND_LABEL } from "../../../common/moderation.ts";
import { formatDate } from "../../../common/format.ts";
import { api } from "../api.ts";
import { ConfirmDialog } from "../forum/ConfirmDialog.tsx";
import { act, type Load, post, useLoad, useRowCalls } from "./data.ts";
import { CallButton, Cell, ListTable, Row, RowButton } from "./parts.tsx";
import { PostCell, WriterCell } from "./PostCells.tsx";
import { BulkBar } from "./BulkBar.tsx";
import { useSelection } from "./selection.ts";
import { Pager } from "./Pager.tsx";
import { postPath, refOfKey, rowKey } from "./posts.ts";
import WatchedWords from "./WatchedWords.tsx";

type Bulk = "approve" | "delete";
type BulkAnswer = { done: unknown[]; skipped: unknown[] };

/** "3 approved", and how many were skipped because another admin decided on them meanwhile. */
const bulkToast = (action: Bulk) => (answer: unknown) => {
  const { done, skipped } = answer as BulkAnswer;
  const did = `${done.length} ${action === "approve" ? "approved" : "deleted"}`;
  return skipped.length ? `${did}, ${skipped.length} no longer waiting` : did;
};

const writerName = (p: AdminPost) => p.writer?.username ?? (p.kind === "comment" ? "a visitor" : "a deleted account");

/**
 * Comments and forum posts held for review (issue 34 points 3 and 6), oldest first, a page at a
 * time: approve or delete each, or the rows checked (or the whole page) at once; the watched
 * words that hold them are kept below.
 */
export default function HeldTab({ changed }: { changed: () => void }) {
  const [page, setPage] = useState(1);
  const [state, reload] = useLoad<HeldPage>(`/api/admin/posts/held?page=${page}`);
  const posts = state.status === "ready" ? state.data.posts : [];
  const selection = useSelection(posts.map(rowKey));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    reload();
    changed();
  };
  const calls = useRowCalls(refresh);

  async function bulk(action: Bulk) {
    setBusy(true);
    const body = { action, posts: selection.keys.map(refOfKey) };
    await act(() => post("/api/admin/posts/bulk", body), bulkToast(action), refresh);
    selection.clear();
    setBusy(false);
  }

  const listState: Load<AdminPost[]> = state.status === "ready" ? { status: "ready", data: posts } : state;
  const none = selection.keys.length === 0 || busy;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="held-posts">
        <h2 id="held-posts" className="mb-2 text-lg font-semibold">Waiting for review</h2>
        <BulkBar selection={selection} rows={posts.length} busy={busy}>
          <RowButton look="good" disabled={none} onClick={() => bulk("approve")}>Approve selected</RowButton>
          <RowButton look="bad" disabled={none} onClick={() => setConfirming(true)}>Delete selected</RowButton>
        </BulkBar>
        <ListTable
          state={listState}
          empty="Nothing held for review"
          reload={reload}
          head={["Select", "Post", "Writer", "Held for", "Date", "Actions"]}
          row={(p) => (
            <Row key={rowKey(p)} id={p.id} kind={p.kind}>
              <Cell>
                <input
                  type="checkbox"
                  className="size-4 accent-orange-500"
                  aria-label={`Select the ${POST_KIND_LABEL[p.kind].toLowerCase()} by ${writerName(p)}`}
                  checked={selection.has(rowKey(p))}
                  disabled={busy}
                  onChange={() => selection.toggle(rowKey(p))}
                />
              </Cell>
              <PostCell post={p} />
              <WriterCell post={p} />
              <Cell>
                <span className="text-amber-200">{heldReasonText(p.heldReason)}</span>
              </Cell>
              <Cell>{formatDate(p.createdAt, "numeric")}</Cell>
              <Cell>
                <span className="flex flex-wrap gap-1.5 max-sm:gap-2">
                  <CallButton
                    calls={calls}
                    rowId={p.id}
                    look="good"
                    disabled={busy}
                    call={() => post(`${postPath(p)}/approve`)}
                    success="Approved"
                  >
                    Approve
                  </CallButton>
                  <CallButton
                    calls={calls}
                    rowId={p.id}
                    look="bad"
                    disabled={busy}
                    confirmation={{
                      title: "Delete this post?",
                      message: `The post by ${writerName(p)} will be removed for good.`,
                      label: "Delete",
                    }}
                    call={() => api(postPath(p), { method: "DELETE" })}
                    success="Deleted"
                  >
                    Delete
                  </CallButton>
                </span>
              </Cell>
            </Row>
          )}
        />
        <Pager
          page={page}
          setPage={setPage}
          total={state.status === "ready" ? state.data.totalCount : 0}
          size={HELD_PAGE_SIZE}
          ready={state.status === "ready"}
        />
      </section>
      <WatchedWords />
      {confirming && (
        <ConfirmDialog
          title={`Delete ${selection.keys.length === 1 ? "this post" : `these ${selection.keys.length} posts`}?`}
          message="They will be removed for good."
          confirmLabel="Delete"
          onConfirm={() => bulk("delete")}
          close={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
