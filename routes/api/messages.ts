import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/guards.ts";
import { countUnreadMessages } from "../../db/queries/messages.ts";

/** /api/messages: the unread count of the account badge (the messages screens come later). */
export const messagesApi = new Hono<AppEnv>().get("/unread/count", async (c) => {
  const user = requireUser(c);
  return c.json({ count: await countUnreadMessages(c.var.db, user.id) });
});
