import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";
import { messages } from "../schema/mod.ts";

export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt), eq(messages.deletedByReceiver, false))).get();
  return row?.n ?? 0;
}
