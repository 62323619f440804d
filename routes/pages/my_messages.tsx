import { toSignIn } from "../../lib/auth/guards.ts";
import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { blocksBetween } from "../../db/queries/blocks.ts";
import { listConversations, listThread } from "../../db/queries/messages.ts";
import { findProfileUserById } from "../../db/queries/profiles.ts";
import Messages from "../../islands/Messages.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { log } from "../../lib/log.ts";
import { canSeeProfile } from "../../lib/community/profiles.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { MESSAGE_MSG, THREAD_PAGE_SIZE } from "../../common/message_rules.ts";
import type { ConversationOut, MessageOut } from "../../common/schemas/messages.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * /my-messages (spec part 2 §2 "Messages"): members only, visitors go to /auth. The list and,
 * with `?with={userId}`, that conversation are rendered on the server; the island keeps them fresh.
 */
export const myMessagesPage = new Hono<AppEnv>().get("/", async (c) => {
  const { user, db } = c.var;
  if (!user) return toSignIn(c);

  let conversations: ConversationOut[] = [];
  let loadError = false;
  try {
    conversations = (await listConversations(db, user.id)).map((r) => ({
      userId: r.userId,
      username: r.username,
      lastMessage: r.lastMessage,
      lastMessageDate: iso(r.lastAt),
      unreadCount: r.unreadCount,
    }));
  } catch (e) {
    log.error("conversations failed to load", { userId: user.id, error: e });
    loadError = true;
  }

  let open: { id: number; username: string; blockedByMe: boolean } | null = null;
  let messages: MessageOut[] = [];
  let notice: string | null = null;
  const withRef = c.req.query("with");
  if (withRef !== undefined) {
    const id = /^\d{1,15}$/.test(withRef) ? Number(withRef) : NaN;
    const other = Number.isSafeInteger(id) && id !== user.id ? await findProfileUserById(db, id) : undefined;
    if (other && canSeeProfile(other, user)) {
      const block = await blocksBetween(db, user.id, other.id);
      open = { id: other.id, username: other.username, blockedByMe: block.iBlocked };
      messages = (await listThread(db, user.id, other.id, { limit: THREAD_PAGE_SIZE })).map((m) => ({ ...m, createdAt: iso(m.createdAt) }));
    } else notice = id === user.id ? MESSAGE_MSG.selfConversation : MESSAGE_MSG.userNotFound;
  }

  return renderPage(
    c,
    <Island
      name="Messages"
      component={Messages}
      props={{ me: { id: user.id, username: user.username }, conversations, open, messages, notice, loadError }}
    />,
    { meta: { title: "My Messages", noindex: true } },
  );
});
