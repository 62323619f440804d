import { useState } from "react";
import { APPROVED_PAGE_SIZE } from "../../../common/admin_rules.ts";
import { Pager } from "./Pager.tsx";
import type { ApprovedItem, ApprovedPage } from "../../../common/api_types.ts";
import { type AdminItem, type Category, featuredToast, type Load, post, useLoad, useRowCalls } from "./data.ts";
import EditVideoDialog from "./EditVideoDialog.tsx";
import { ActionsCell, CallButton, Cell, DeleteButton, ListTable, PreviewCell, Row, RowButton, TitleCell, TYPE_LABEL } from "./parts.tsx";
import { formatDate } from "../../../common/format.ts";

/** The published items, a page at a time: edit, feature or delete each. */
export default function ApprovedTab({ categories, changed }: { categories: Category[]; changed: () => void }) {
  const [page, setPage] = useState(1);
  const [state, reload] = useLoad<ApprovedPage>(`/api/admin/content/approved?page=${page}&limit=${APPROVED_PAGE_SIZE}`);
  const refresh = () => {
    reload();
    changed();
  };
  const calls = useRowCalls(refresh);
  const [editing, setEditing] = useState<AdminItem | null>(null);
  const total = state.status === "ready" ? state.data.totalCount : 0;

  const listState: Load<ApprovedItem[]> = state.status === "ready" ? { status: "ready", data: state.data.content } : state;
  return (
    <>
      <ListTable
        state={listState}
        empty="No content"
        reload={reload}
        head={["ID", "Preview", "Title", "Type", "Views", "Date", "Actions"]}
        row={(item) => (
          <Row key={item.id} id={item.id}>
            <Cell numeric>{item.id}</Cell>
            <PreviewCell item={item} />
            <TitleCell item={item} />
            <Cell>{TYPE_LABEL[item.contentType]}</Cell>
            <Cell numeric>{item.views.toLocaleString()}</Cell>
            <Cell>
              {formatDate(item.createdAt, "numeric")}
              {item.editedAt && (
                <span className="block text-xs text-amber-300" title="The owner changed the title or description after approval">
                  edited {formatDate(item.editedAt, "numeric")}
                </span>
              )}
            </Cell>
            <ActionsCell item={item}>
              <RowButton onClick={() => setEditing(item)}>Edit</RowButton>
              {!item.featured && (
                <CallButton
                  calls={calls}
                  rowId={item.id}
                  look="accent"
                  call={() => post(`/api/admin/content/${item.id}/feature`)}
                  success={featuredToast}
                >
                  Feature
                </CallButton>
              )}
              <DeleteButton calls={calls} item={item} />
            </ActionsCell>
          </Row>
        )}
      />
      <Pager page={page} setPage={setPage} total={total} size={APPROVED_PAGE_SIZE} ready={state.status === "ready"} />
      {editing && <EditVideoDialog item={editing} categories={categories} close={() => setEditing(null)} saved={refresh} />}
    </>
  );
}
