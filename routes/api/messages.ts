import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { unauthorized } from "../../lib/http_error.ts";
import { countUnreadMessages } from "../../db/queries/messages.ts";

/** /api/messages: the unread count of the account badge (the messages screens come later). */
export const messagesApi = new Hono<AppEnv>().get("/unread/count", async (c) => {
  if (!c.var.user) throw unauthorized();
  return c.json({ count: await countUnreadMessages(c.var.db, c.var.user.id) });
});
