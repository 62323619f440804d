import { type AdminItem, featuredToast, post, useLoad, useRowCalls } from "./data.ts";
import { CallButton, Cell, ListTable, PreviewCell, Row, TitleCell } from "./parts.tsx";

const FEATURED_EMPTY = 'No featured videos. Mark content as "Feature" in the Pending tab.';

/** The featured items; each can be taken off the featured list. */
export default function FeaturedTab() {
  const [state, reload] = useLoad<AdminItem[]>("/api/admin/content/featured");
  const calls = useRowCalls(reload);
  return (
    <ListTable
      state={state}
      error="Error loading featured"
      empty={FEATURED_EMPTY}
      reload={reload}
      head={["ID", "Preview", "Title", "Uploader", "Action"]}
      row={(item) => (
        <Row key={item.id} id={item.id}>
          <Cell numeric>{item.id}</Cell>
          <PreviewCell item={item} />
          <TitleCell item={item} />
          <Cell>{item.uploaderName || "Unknown"}</Cell>
          <Cell>
            <CallButton
              calls={calls}
              rowId={item.id}
              call={() => post(`/api/admin/content/${item.id}/feature`)}
              success={featuredToast}
            >
              Remove
            </CallButton>
          </Cell>
        </Row>
      )}
    />
  );
}
