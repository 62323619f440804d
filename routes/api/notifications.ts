import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { countUnread, markRead, replaceSettings } from "../../db/queries/notifications.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { notificationPage } from "../../lib/notify/present.ts";
import { notificationSettings } from "../../lib/notify/settings.ts";
import { jsonBody, queryOr400 } from "../../lib/validate.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { markReadBody, settingsBody } from "../../common/schemas/notifications.ts";
import { defaultSetting, NOTIFICATION_KINDS } from "../../common/notification_rules.ts";

const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  await next();
  c.header("Cache-Control", "private, no-store");
};

/**
 * `/api/notifications` (issue 33 point 3): the member's page (`?page=N`), the unread count the bell polls,
 * and marking read by ids (others' ids are ignored, never an error that tells they exist) or all.
 */
export const notificationsApi = new Hono<AppEnv>()
  .use("*", noStore)
  .get("/", async (c) => {
    const me = requireUser(c);
    const page = queryOr400(c, listPageQuery).page ?? 1;
    return c.json(await notificationPage(c.var.db, me.id, page));
  })
  .get("/unread-count", async (c) => {
    const me = requireUser(c);
    return c.json({ unreadCount: await countUnread(c.var.db, me.id) });
  })
  .post("/read", async (c) => {
    const me = requireUser(c);
    const body = await jsonBody(c, markReadBody);
    const marked = await writeTx(c.var.db, (tx) => markRead(tx, me.id, "all" in body ? "all" : body.ids));
    return c.json({ marked, unreadCount: await countUnread(c.var.db, me.id) });
  });

/** `GET|PUT /api/user/notification-settings` (issue 33 point 4), mounted at /api/user. */
export const notificationSettingsApi = new Hono<AppEnv>()
  .use("/notification-settings", noStore)
  .get("/notification-settings", async (c) => {
    const me = requireUser(c);
    return c.json(await notificationSettings(c.var.db, me.id));
  })
  .put("/notification-settings", async (c) => {
    const me = requireUser(c);
    const body = await jsonBody(c, settingsBody);
    const differing = NOTIFICATION_KINDS.map((kind) => ({ kind, ...body[kind] }))
      .filter((s) => s.web !== defaultSetting(s.kind).web || s.email !== defaultSetting(s.kind).email);
    await writeTx(c.var.db, (tx) => replaceSettings(tx, me.id, differing));
    return c.json(await notificationSettings(c.var.db, me.id));
  });
