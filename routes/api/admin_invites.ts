import { Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { countInvites, insertInvite, type InviteRow, listInvites, revokeInvite } from "../../db/queries/invites.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import type { Config } from "../../lib/config.ts";
import { adminOnly, requireAdmin } from "../../lib/auth/guards.ts";
import { recordAudit } from "../../lib/community/audit.ts";
import { conflict, notFound } from "../../lib/http_error.ts";
import { jsonBody } from "../../lib/validate.ts";
import { inviteSchema } from "../../common/schemas/settings.ts";
import { INVITES_MAX } from "../../common/site_settings.ts";
import type { Invite } from "../../common/api_types.ts";

const DAY = 86_400_000;
/** Left out of the request: an invite admits one person within a week (null asks for no limit). */
const DEFAULT_USES = 1;
const DEFAULT_DAYS = 7;
/** No 0, O, 1, I or L: a code read aloud or typed from paper comes out right. 10 of 31 symbols: ~50 bits. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

const inviteUrl = (config: Config, code: string) => `${config.siteUrl}/auth?tab=register&invite=${code}`;

function view(config: Config, r: InviteRow, now: number): Invite {
  const state = r.revokedAt !== null
    ? "revoked"
    : r.expiresAt !== null && r.expiresAt <= now
    ? "expired"
    : r.maxUses !== null && r.uses >= r.maxUses
    ? "used up"
    : "active";
  return {
    code: r.code,
    url: inviteUrl(config, r.code),
    createdAt: new Date(r.createdAt).toISOString(),
    expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt).toISOString(),
    maxUses: r.maxUses,
    uses: r.uses,
    state,
  };
}

/**
 * `/api/admin/invites` (issue 41 point 2): the codes that admit sign-ups while registrations are by invite (or
 * skip the wait during approval). At most INVITES_MAX kept; DELETE revokes (the row stays, so the list and a late
 * sign-up say it was revoked). Each change audited.
 */
export const adminInvitesApi = new Hono<AppEnv>()
  .use("*", adminOnly)
  .get("/", async (c) => {
    const now = Date.now();
    return c.json({ invites: (await listInvites(c.var.db)).map((r) => view(c.var.config, r, now)) });
  })
  .post("/", async (c) => {
    const admin = requireAdmin(c);
    const body = await jsonBody(c, inviteSchema);
    const maxUses = body.maxUses === undefined ? DEFAULT_USES : body.maxUses;
    const days = body.expiresInDays === undefined ? DEFAULT_DAYS : body.expiresInDays;
    const now = Date.now();
    const row = await writeTx(c.var.db, async (tx) => {
      if (await countInvites(tx) >= INVITES_MAX) throw conflict(`At most ${INVITES_MAX} invite codes are kept: delete old ones first`);
      const made = await insertInvite(tx, {
        code: newCode(),
        createdBy: admin.id,
        createdAt: now,
        maxUses,
        expiresAt: days === null ? null : now + days * DAY,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "invite.create",
        targetType: "site",
        targetId: 1,
        details: { code: made.code, maxUses, expiresAt: made.expiresAt === null ? null : new Date(made.expiresAt).toISOString() },
        subjectId: null,
      }, now);
      return made;
    });
    const { code, url, expiresAt, maxUses: uses } = view(c.var.config, row, now);
    return c.json({ code, url, expiresAt, maxUses: uses }, 201);
  })
  .delete("/:code", async (c) => {
    const admin = requireAdmin(c);
    const code = c.req.param("code").toUpperCase();
    if (!/^[A-Z0-9]{1,64}$/.test(code)) throw notFound("No invite with that code");
    const now = Date.now();
    await writeTx(c.var.db, async (tx) => {
      if (!(await revokeInvite(tx, code, now))) throw notFound("No active invite with that code");
      await recordAudit(tx, {
        actorId: admin.id,
        action: "invite.revoke",
        targetType: "site",
        targetId: 1,
        details: { code },
        subjectId: null,
      }, now);
    });
    return c.json({ ok: true, code });
  });
