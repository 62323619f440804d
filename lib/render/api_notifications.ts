/**
 * The notification endpoints (issue 33) for the OpenAPI document: operations and answers, spread into
 * lib/render/api_operations.ts's list and lib/render/api_responses.ts's names (kept apart so those stay short).
 */
import { z } from "zod";
import type { Operation } from "./api_operations.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { markReadBody, settingsBody } from "../../common/schemas/notifications.ts";
import { NOTIFICATION_KINDS } from "../../common/notification_rules.ts";

const iso = z.string().describe("ISO 8601 date-time");
const user = z.strictObject({ id: z.number().int(), username: z.string(), createdAt: iso, isAdmin: z.boolean() });

const NotificationEntry = z.strictObject({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: iso.describe("When the newest event the entry folds happened"),
  read: z.boolean(),
  text: z.string().describe("The sentence shown, e.g. “kenji_frames and 4 others commented on …”"),
  url: z.string().describe("Where the entry leads (a path on this site)"),
  actors: z.array(user).describe("The first few members who acted (none for the site's own news)"),
  count: z.number().int().describe("How many events the entry folds (1 when alone)"),
  item: z.strictObject({ id: z.number().int(), title: z.string() }).optional(),
});

const NotificationPage = z.strictObject({
  notifications: z.array(NotificationEntry).describe("Newest first"),
  unreadCount: z.number().int(),
  hasMore: z.boolean(),
});
const UnreadNotifications = z.strictObject({ unreadCount: z.number().int() });
const NotificationsMarked = z.strictObject({
  marked: z.number().int().describe("Entries of yours marked read"),
  unreadCount: z.number().int(),
});
const channel = z.strictObject({ web: z.boolean(), email: z.boolean() });
const NotificationSettings = z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channel])));

export const NOTIFICATION_RESPONSES = { NotificationPage, UnreadNotifications, NotificationsMarked, NotificationSettings } as const;

type Name = keyof typeof NOTIFICATION_RESPONSES;
const op = (method: Operation["method"], path: string, summary: string, schema: Name, extra: Partial<Operation> = {}): Operation => ({
  method,
  path,
  tag: "notifications",
  summary,
  ok: { schema },
  auth: "member",
  ...extra,
});

export const NOTIFICATION_OPERATIONS: Operation[] = [
  op("get", "/api/notifications", "Your notifications, newest first, paged", "NotificationPage", {
    description: "Grouped: one unread entry per item, per creator and for new followers per day, with `count` events.",
    query: listPageQuery,
  }),
  op("get", "/api/notifications/unread-count", "How many of your notifications are unread (the bell)", "UnreadNotifications"),
  op("post", "/api/notifications/read", "Mark some of your notifications read, or all", "NotificationsMarked", {
    description: "`{ ids: [...] }` (at most 100) or `{ all: true }`. Ids that are not yours are ignored.",
    body: markReadBody,
  }),
  op("get", "/api/user/notification-settings", "Your notification settings: per kind, on the site and by email", "NotificationSettings"),
  op("put", "/api/user/notification-settings", "Set your notification settings (every kind)", "NotificationSettings", {
    description: "`web: false` means the notification is not written at all. Email goes only to a verified address.",
    body: settingsBody,
  }),
];
