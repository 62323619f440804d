import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { countWatchedWords, deleteWatchedWord, insertWatchedWord, listWatchedWords } from "../../db/queries/watched_words.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { moderatorOnly, requireModerator } from "../../lib/auth/guards.ts";
import { recordAudit } from "../../lib/community/audit.ts";
import { conflict, notFound } from "../../lib/http_error.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { watchedWordSchema } from "../../common/schemas/moderation.ts";
import { MODERATION_MSG, WATCHED_LIMITS, type WatchedWord } from "../../common/moderation.ts";

const view = (r: { id: number; pattern: string; createdAt: number }): WatchedWord => ({
  id: r.id,
  pattern: r.pattern,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * `/api/admin/watched-words` (issue 34 point 3): the words and phrases that hold a new comment or
 * forum post for review and flag pending items. At most WATCHED_LIMITS.entries; each change audited.
 */
export const watchedWordsApi = new Hono<AppEnv>()
  .use("*", moderatorOnly)
  .get("/", async (c) => c.json((await listWatchedWords(c.var.db)).map(view)))
  .post("/", async (c) => {
    const admin = requireModerator(c);
    const { word } = await jsonBody(c, watchedWordSchema);
    const now = Date.now();
    const row = await writeTx(c.var.db, async (tx) => {
      if (await countWatchedWords(tx) >= WATCHED_LIMITS.entries) throw conflict(MODERATION_MSG.watchedFull);
      const added = await insertWatchedWord(tx, word, admin.id, now);
      if (!added) throw conflict(MODERATION_MSG.alreadyWatched);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "watched_word.add",
        targetType: "watched_word",
        targetId: added.id,
        details: { word },
      }, now);
      return added;
    });
    return c.json(view(row), 201);
  })
  .delete("/:id", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireModerator(c);
    await writeTx(c.var.db, async (tx) => {
      const gone = await deleteWatchedWord(tx, id);
      if (!gone) throw notFound(MODERATION_MSG.watchedNotFound);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "watched_word.remove",
        targetType: "watched_word",
        targetId: id,
        details: { word: gone.pattern },
      });
    });
    return c.json({ ok: true, id });
  });
