/** Payloads of the notification endpoints (issue 33), checked by the routes and named in the OpenAPI document. */
import * as z from "zod/mini";
import { MAX_READ_IDS, NOTIFICATION_KINDS, type NotificationKind } from "../notification_rules.ts";

/** POST /api/notifications/read: some ids, or all. */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(z.int().check(z.positive(), z.lte(2 ** 53 - 1))).check(z.minLength(1), z.maxLength(MAX_READ_IDS)) }),
  z.strictObject({ all: z.literal(true) }),
]);

const channel = z.strictObject({ web: z.boolean(), email: z.boolean() });

/** PUT /api/user/notification-settings: every kind named (a partial body would leave the member unsure what they set). */
export const settingsBody = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channel])) as Record<NotificationKind, typeof channel>,
);

export type NotificationUser = { id: number; username: string; createdAt: string; isAdmin: boolean };

export type NotificationEntry = {
  id: number;
  kind: NotificationKind;
  createdAt: string;
  read: boolean;
  text: string;
  url: string;
  actors: NotificationUser[];
  count: number;
  item?: { id: number; title: string };
};

export type NotificationPage = { notifications: NotificationEntry[]; unreadCount: number; hasMore: boolean };
