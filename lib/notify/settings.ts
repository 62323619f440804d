/** A member's notification settings (issue 33 point 4): the defaults, with what they changed stored over them. */
import type { Db } from "../../db/client.ts";
import { listSettingRows } from "../../db/queries/notifications.ts";
import { defaultSetting, isNotificationKind, NOTIFICATION_KINDS, type NotificationSettings } from "../../common/notification_rules.ts";

/** A member's settings: the stored differences over the defaults. */
export async function notificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, defaultSetting(k)])) as NotificationSettings;
  for (const r of await listSettingRows(db, userId)) {
    if (isNotificationKind(r.kind)) settings[r.kind] = { web: !!r.web, email: !!r.email };
  }
  return settings;
}
