import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import {
  countFederationBlocks,
  deleteFederationBlock,
  insertFederationBlock,
  listFederationBlocks,
  listKnownServers,
} from "../../db/queries/federation_blocks.ts";
import { findRemoteActor, purgeRemoteActors, setRemoteActorBan } from "../../db/queries/remote_inbound.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { adminOnly, requireAdmin } from "../../lib/auth/guards.ts";
import { recordAudit } from "../../lib/community/audit.ts";
import { contentChanged } from "../../lib/http/content_version.ts";
import { conflict, notFound } from "../../lib/http_error.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { federationBlockSchema } from "../../common/schemas/federation.ts";
import { FEDERATION_LIMITS, FEDERATION_MSG, normalizeDomain } from "../../common/federation_rules.ts";
import type { FederationBlock, KnownServerView } from "../../common/api_types.ts";

const blockView = (r: { id: number; domain: string; reason: string; createdAt: number }): FederationBlock => ({
  id: r.id,
  domain: r.domain,
  reason: r.reason,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * `/api/admin/federation` (issue 40 point 5, decision 042): the servers refused, the servers known, and bans of remote
 * accounts. A block removes what the server's accounts left here (follows, likes, comments) in the transaction that adds
 * it; the inbox refuses its activities and deliveries skip it from then on. Every change audited.
 */
export const federationAdminApi = new Hono<AppEnv>()
  .use("*", adminOnly)
  .get("/blocks", async (c) => c.json((await listFederationBlocks(c.var.db)).map(blockView)))
  .post("/blocks", async (c) => {
    const admin = requireAdmin(c);
    const { domain, reason } = await jsonBody(c, federationBlockSchema);
    const now = Date.now();
    const row = await writeTx(c.var.db, async (tx) => {
      if (await countFederationBlocks(tx) >= FEDERATION_LIMITS.blocks) throw conflict(FEDERATION_MSG.blocksFull);
      const added = await insertFederationBlock(tx, { domain, reason, createdBy: admin.id, createdAt: now });
      if (!added) throw conflict(FEDERATION_MSG.alreadyBlocked);
      const removed = await purgeRemoteActors(tx, { domain });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "federation.block",
        targetType: "federation_block",
        targetId: added.id,
        details: { domain, reason, ...removed },
        subjectId: null,
      }, now);
      return { id: added.id, domain, reason, createdAt: now, removed };
    });
    await contentChanged(c.var.db);
    return c.json({ ...blockView(row), removed: row.removed }, 201);
  })
  .delete("/blocks/:domain", async (c) => {
    const admin = requireAdmin(c);
    const domain = normalizeDomain(decodeURIComponent(c.req.param("domain")));
    if (!domain) throw notFound(FEDERATION_MSG.blockNotFound);
    await writeTx(c.var.db, async (tx) => {
      const gone = await deleteFederationBlock(tx, domain);
      if (!gone) throw notFound(FEDERATION_MSG.blockNotFound);
      await recordAudit(tx, {
        actorId: admin.id,
        action: "federation.unblock",
        targetType: "federation_block",
        targetId: gone.id,
        details: { domain },
        subjectId: null,
      });
    });
    return c.json({ ok: true, domain });
  })
  // The servers we have heard from, each with how many of its accounts follow members here.
  .get("/servers", async (c) => {
    const [servers, blocks] = await Promise.all([listKnownServers(c.var.db), listFederationBlocks(c.var.db)]);
    const blocked = new Set(blocks.map((b) => b.domain));
    const view: KnownServerView[] = servers.map((s) => ({ ...s, blocked: blocked.has(s.domain.split(":")[0]) }));
    return c.json(view);
  })
  // A remote account banned like a member: its activities are ignored and its comments hidden until the ban is lifted.
  .post("/actors/:id/ban", (c) => setBan(c, true))
  .delete("/actors/:id/ban", (c) => setBan(c, false));

async function setBan(c: Context<AppEnv>, ban: boolean) {
  const admin = requireAdmin(c);
  const id = idOr400(c.req.param("id"));
  const now = Date.now();
  const hidden = await writeTx(c.var.db, async (tx) => {
    const actor = await findRemoteActor(tx, id);
    if (!actor) throw notFound(FEDERATION_MSG.actorNotFound);
    if (ban === (actor.bannedAt !== null)) throw conflict(ban ? FEDERATION_MSG.alreadyBanned : FEDERATION_MSG.notBanned);
    const moved = await setRemoteActorBan(tx, id, ban ? now : null);
    await recordAudit(tx, {
      actorId: admin.id,
      action: ban ? "remote_actor.ban" : "remote_actor.unban",
      targetType: "remote_actor",
      targetId: id,
      details: { handle: actor.handle, comments: moved },
      subjectId: null,
    }, now);
    return moved;
  });
  await contentChanged(c.var.db);
  return c.json({ ok: true, id, banned: ban, comments: hidden });
}
