/** Servers the admins refuse (issue 40 point 5, decision 042), and the servers we know, for the Federation tab. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { federationBlocks } from "../schema/mod.ts";
import { domainAndParents } from "../../common/federation_rules.ts";

type Conn = Db | Tx;

export function listFederationBlocks(db: Conn) {
  return db.select({
    id: federationBlocks.id,
    domain: federationBlocks.domain,
    reason: federationBlocks.reason,
    createdAt: federationBlocks.createdAt,
  })
    .from(federationBlocks).orderBy(asc(federationBlocks.domain)).all();
}

export async function countFederationBlocks(db: Conn): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(federationBlocks).get())?.n ?? 0;
}

/** The new row, or null when the domain was blocked already. */
export async function insertFederationBlock(tx: Tx, row: { domain: string; reason: string; createdBy: number; createdAt: number }) {
  const [added] = await tx.insert(federationBlocks).values(row).onConflictDoNothing().returning({ id: federationBlocks.id });
  return added ?? null;
}

/** The removed row, or null when there was none. */
export async function deleteFederationBlock(tx: Tx, domain: string) {
  const [gone] = await tx.delete(federationBlocks).where(eq(federationBlocks.domain, domain))
    .returning({ id: federationBlocks.id, reason: federationBlocks.reason });
  return gone ?? null;
}

/** Whether a block covers this host (its hostname or a parent domain): one indexed lookup of at most 10 names. */
export async function isHostBlocked(db: Conn, host: string): Promise<boolean> {
  const hostname = host.startsWith("[") ? host : host.split(":")[0];
  const row = await db.select({ id: federationBlocks.id }).from(federationBlocks)
    .where(inArray(federationBlocks.domain, domainAndParents(hostname))).limit(1).get();
  return !!row;
}

export type KnownServer = { domain: string; actors: number; followers: number; banned: number };

/**
 * The remote servers we have heard from (remote_actors grouped by domain, remote_actors_domain), with how many of their
 * accounts follow members here; the most followed first, at most `limit`.
 */
export async function listKnownServers(db: Conn, limit = 200): Promise<KnownServer[]> {
  const rows = await db.all<{ domain: string; actors: number; followers: number; banned: number }>(sql`
    SELECT a.domain AS domain, count(*) AS actors,
           sum((SELECT count(*) FROM remote_follows f WHERE f.remote_actor_id = a.id)) AS followers,
           sum(a.banned_at IS NOT NULL) AS banned
    FROM remote_actors a GROUP BY a.domain ORDER BY followers DESC, a.domain LIMIT ${limit}`);
  return rows.map((r) => ({
    domain: r.domain,
    actors: Number(r.actors),
    followers: Number(r.followers ?? 0),
    banned: Number(r.banned ?? 0),
  }));
}
