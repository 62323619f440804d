/** Notification rows as the API and the page show them (issue 33 point 3): text, link, the first actors. */
import type { Db } from "../../db/client.ts";
import { countUnread, listActors, listNotifications, type NotificationRow } from "../../db/queries/notifications.ts";
import { ACTORS_SHOWN, NOTIFICATION_PAGE_SIZE } from "../../common/notification_rules.ts";
import { type NotificationFacts, notificationText, notificationUrl } from "../../common/notification_text.ts";
import type { NotificationEntry, NotificationPage, NotificationUser } from "../../common/schemas/notifications.ts";

const actorIdsOf = (row: NotificationRow): number[] => (JSON.parse(row.actorIds) as number[]).filter(Number.isInteger);

/** The entries of a page, their actors read in one query. */
export async function presentNotifications(db: Db, rows: NotificationRow[]): Promise<NotificationEntry[]> {
  const shownIds = rows.map((r) => actorIdsOf(r).slice(0, ACTORS_SHOWN));
  const users = new Map((await listActors(db, [...new Set(shownIds.flat())])).map((u) => [u.id, u]));
  return rows.map((row, i) => {
    const actors: NotificationUser[] = shownIds[i].flatMap((id) => {
      const u = users.get(id);
      return u ? [{ id: u.id, username: u.username, createdAt: new Date(u.createdAt).toISOString(), isAdmin: !!u.isAdmin }] : [];
    });
    const facts: NotificationFacts = {
      kind: row.kind,
      count: row.count,
      actors: actors.map((a) => a.username),
      actorCount: actorIdsOf(row).length,
      mediaId: row.mediaId,
      title: row.title,
      threadId: row.threadId,
      threadTitle: row.threadTitle,
      detail: row.detail,
    };
    return {
      id: row.id,
      kind: row.kind,
      createdAt: new Date(row.updatedAt).toISOString(),
      read: row.readAt !== null,
      text: notificationText(facts),
      url: notificationUrl(facts),
      actors,
      count: row.count,
      ...(row.mediaId !== null ? { item: { id: row.mediaId, title: row.title ?? "" } } : {}),
    };
  });
}

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
