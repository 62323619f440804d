import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { blocksBetween } from "../../db/queries/blocks.ts";
import {
  countUnreadMessages,
  deleteConversationFor,
  insertMessage,
  listConversations,
  listThread,
  markConversationRead,
  type MessageRow,
} from "../../db/queries/messages.ts";
import { findProfileUserById } from "../../db/queries/profiles.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, forbidden, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { jsonBody, parseOr400, queryOr400 } from "../../lib/validate.ts";
import { MESSAGE_MSG, THREAD_PAGE_SIZE } from "../../common/message_rules.ts";
import { type ConversationOut, type MessageOut, sendMessageSchema, threadQuery, userIdParam } from "../../common/schemas/messages.ts";
import type { Context } from "hono";

const toMessage = (m: MessageRow): MessageOut => ({
  id: m.id,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  createdAt: new Date(m.createdAt).toISOString(),
});

/** The other member of a conversation named in the path: a valid id, not the caller, an existing account. */
async function partnerOr4xx(c: Context<AppEnv>, me: number) {
  const id = Number(parseOr400(userIdParam, c.req.param("userId")));
  if (id === me) throw badRequest(MESSAGE_MSG.selfConversation);
  const other = await findProfileUserById(c.var.db, id);
  if (!other) throw notFound(MESSAGE_MSG.userNotFound);
  return other;
}

/** /api/messages (spec part 2 §7 "Messages"): members only; every list is the caller's own view. */
export function messagesApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    })
    .get("/unread/count", async (c) => {
      const me = requireUser(c);
      return c.json({ count: await countUnreadMessages(c.var.db, me.id) });
    })
    .get("/conversations", async (c) => {
      const me = requireUser(c);
      const rows = await listConversations(c.var.db, me.id);
      return c.json(rows.map((r): ConversationOut => ({
        userId: r.userId,
        username: r.username,
        lastMessage: r.lastMessage,
        lastMessageDate: new Date(r.lastAt).toISOString(),
        unreadCount: r.unreadCount,
      })));
    })
    .get("/conversation/:userId", async (c) => {
      const me = requireUser(c);
      const other = await partnerOr4xx(c, me.id);
      const page = queryOr400(c, threadQuery);
      const rows = await listThread(c.var.db, me.id, other.id, { before: page.before, limit: page.limit ?? THREAD_PAGE_SIZE });
      return c.json(rows.map(toMessage));
    })
    .post("/mark-read/:userId", async (c) => {
      const me = requireUser(c);
      const other = await partnerOr4xx(c, me.id);
      const marked = await writeTx(c.var.db, (tx) => markConversationRead(tx, me.id, other.id));
      return c.json({ success: true, marked, unreadCount: 0 });
    })
    .delete("/conversation/:userId", async (c) => {
      const me = requireUser(c);
      const other = await partnerOr4xx(c, me.id);
      const deleted = await writeTx(c.var.db, (tx) => deleteConversationFor(tx, me.id, other.id));
      return c.json({ success: true, deleted });
    })
    .post("/send", async (c) => {
      const me = requireUser(c);
      const { rate } = c.var.config;
      await limiter.hit(`message:${me.id}`, rate.messagesPerUser, rate.messagesWindowSeconds);
      const body = await jsonBody(c, sendMessageSchema);
      if (body.receiverId === me.id) throw badRequest(MESSAGE_MSG.self);
      const receiver = await findProfileUserById(c.var.db, body.receiverId);
      // A banned member is gone for everyone but admins, here as on their profile.
      if (!receiver || (receiver.banned && !me.isAdmin)) throw notFound(MESSAGE_MSG.userNotFound);
      const row = await writeTx(c.var.db, async (tx) => {
        // Checked inside the write lock, so a block that lands first always wins.
        const block = await blocksBetween(tx, me.id, receiver.id);
        if (block.blockedMe) throw forbidden(MESSAGE_MSG.blockedByThem);
        if (block.iBlocked) throw forbidden(MESSAGE_MSG.blockedByMe);
        return await insertMessage(tx, { senderId: me.id, receiverId: receiver.id, content: body.content });
      });
      return c.json(toMessage(row), 201);
    });
}
