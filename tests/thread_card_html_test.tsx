/** The forum's kept thread cards (lib/render/thread_card_html.tsx, decision 047) are the HTML React renders. */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import type { ThreadView } from "../common/forum_rules.ts";
import { ThreadCard, type ThreadCardProps } from "../components/ui/forum/ThreadCard.tsx";
import { ThreadCardCell, ThreadCardHtml } from "../components/ui/forum/ThreadCardCell.tsx";
import { threadCardHtml } from "../lib/render/thread_card_html.tsx";

const now = Date.UTC(2026, 5, 1, 12);
const thread: ThreadView = {
  id: 12,
  title: 'Kling <lighting> & "tips"',
  content: `See https://example.com/a for more. ${"Long text. ".repeat(50)}`,
  categoryId: 2,
  tags: ["kling", "light"],
  isSticky: false,
  upvotes: 3,
  commentCount: 1,
  createdAt: new Date(now - 5 * 60_000).toISOString(),
  userId: 4,
  user: { username: "mira" },
  upvoted: false,
};
const noop = () => {};
const base: ThreadCardProps = {
  thread,
  categoryName: "Showcase",
  viewer: null,
  now,
  open: false,
  initialComments: null,
  replying: false,
  toggle: noop,
  reply: noop,
  upvote: noop,
  upvoting: false,
  remove: noop,
  countChanged: noop,
};
const fresh = (p: ThreadCardProps) => renderToString(<ThreadCard {...p} />);

Deno.test("[render] a kept thread card is the HTML React renders, for each viewer, count and minute", () => {
  const variants: ThreadCardProps[] = [
    base,
    { ...base, viewer: { id: 4, username: "mira", isAdmin: false } },
    { ...base, viewer: { id: 9, username: "admin", isAdmin: true }, thread: { ...thread, upvoted: true, upvotes: 4 } },
    { ...base, thread: { ...thread, isSticky: true, status: "held" }, categoryName: null },
    { ...base, now: now + 60 * 60_000 },
    // Past the 400-character preview the content is not shown, so it is not part of the key.
    { ...base, thread: { ...thread, content: `${thread.content}another tail` } },
    { ...base, thread: { ...thread, content: "Short now." } },
  ];
  for (let round = 0; round < 2; round++) for (const p of variants) assert.equal(threadCardHtml(p), fresh(p));
  assert.ok(threadCardHtml({ ...base, now: now + 60 * 60_000 })!.includes("1 hour ago"));
  assert.ok(threadCardHtml(base)!.includes("5 minutes ago"));
});

Deno.test("[render] an opened thread card is not kept; a cell filled from the cache is the markup it hydrates", () => {
  assert.equal(threadCardHtml({ ...base, open: true }), null);
  const cells = (cache: boolean) => {
    const list = (
      <section>{[base, { ...base, thread: { ...thread, id: 13 } }].map((p) => <ThreadCardCell key={p.thread.id} {...p} />)}</section>
    );
    return renderToString(cache ? <ThreadCardHtml.Provider value={threadCardHtml}>{list}</ThreadCardHtml.Provider> : list);
  };
  assert.equal(cells(true), cells(false));
});
