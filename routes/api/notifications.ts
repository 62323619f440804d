import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { countUnread, listNotifications, listSettingRows, markRead, replaceSettings } from "../../db/queries/notifications.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { presentNotifications } from "../../lib/notify/present.ts";
import { jsonBody, queryOr400 } from "../../lib/validate.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { markReadBody, type NotificationPage, settingsBody } from "../../common/schemas/notifications.ts";
import {
  defaultSetting,
  isNotificationKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_SIZE,
  type NotificationSettings,
} from "../../common/notification_rules.ts";
import type { Db } from "../../db/client.ts";

const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  await next();
  c.header("Cache-Control", "private, no-store");
};

/** One page of a member's notifications, newest first (the API and the /notifications page). */
export async function notificationPage(db: Db, userId: number, page: number): Promise<NotificationPage> {
  const [rows, unreadCount] = await Promise.all([
    listNotifications(db, userId, NOTIFICATION_PAGE_SIZE + 1, (page - 1) * NOTIFICATION_PAGE_SIZE),
    countUnread(db, userId),
  ]);
  return {
    notifications: await presentNotifications(db, rows.slice(0, NOTIFICATION_PAGE_SIZE)),
    unreadCount,
    hasMore: rows.length > NOTIFICATION_PAGE_SIZE,
  };
}

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

/** A member's settings: the stored differences over the defaults. */
export async function notificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, defaultSetting(k)])) as NotificationSettings;
  for (const r of await listSettingRows(db, userId)) {
    if (isNotificationKind(r.kind)) settings[r.kind] = { web: !!r.web, email: !!r.email };
  }
  return settings;
}

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
