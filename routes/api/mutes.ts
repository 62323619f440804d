import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { addMute, muteValue, removeMute } from "../../lib/feed/mutes.ts";
import { jsonBody, parseOr400 } from "../../lib/validate.ts";
import { muteSchema } from "../../common/schemas/mutes.ts";
import { findUserRef, listMutes } from "../../db/queries/mutes.ts";

/**
 * `GET|POST /api/user/mutes`, `DELETE /api/user/mutes/{type}/{value}` (issue 25): a member's own
 * mutes. A list the member grows, so it has a cap (MUTES_MAX, 422) and a rate limit on adding
 * (RATE_MUTES_PER_USER per RATE_SOCIAL_WINDOW_SECONDS, 429) (issue 31 point 2).
 */
export function mutesApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    })
    .get("/", async (c) => {
      const user = requireUser(c);
      const rows = await listMutes(c.var.db, user.id);
      return c.json(rows.map((r) => ({ type: r.type, value: r.value, label: r.type === "user" ? r.username ?? r.value : r.value })));
    })
    .post("/", async (c) => {
      const user = requireUser(c);
      const { rate } = c.var.config;
      await limiter.hit(`mute:${user.id}`, rate.mutesPerUser, rate.socialWindowSeconds);
      const body = await jsonBody(c, muteSchema);
      let value = muteValue(body.type, body.value);
      if (!value) throw badRequest("A value is required");
      if (body.type === "user") {
        const target = await findUserRef(c.var.db, value);
        if (!target) throw notFound("User not found");
        if (target.id === user.id) throw badRequest("You cannot mute yourself");
        value = String(target.id);
      }
      const created = await addMute(c.var.db, user.id, body.type, value);
      return c.json({ ok: true, type: body.type, value }, created ? 201 : 200);
    })
    .delete("/:type/:value", async (c) => {
      const user = requireUser(c);
      // The router has decoded the path once: `100%25` is `100%`, `%2541` is `%41` (never `A`).
      const body = parseOr400(muteSchema, { type: c.req.param("type"), value: c.req.param("value") });
      let value = muteValue(body.type, body.value);
      if (body.type === "user") value = String((await findUserRef(c.var.db, value))?.id ?? value);
      if (!(await removeMute(c.var.db, user.id, body.type, value))) throw notFound("Not muted");
      return c.json({ ok: true });
    });
}
