/**
 * The OpenAPI operations and answers of issue 40's inbound half (decision 042): the admins' blocks of servers, the known
 * servers, bans of remote accounts, members' blocks and mutes of remote accounts, and "Follow from your server".
 * lib/render/api_operations.ts and api_responses.ts spread them into the document.
 */
import { z } from "zod";
import type { Operation } from "./api_operations.ts";
import type { ResponseName } from "./api_responses.ts";
import { federationBlockSchema, remoteFollowSchema } from "../../common/schemas/federation.ts";

const iso = z.string().describe("ISO 8601 date-time");
const Removed = z.strictObject({ follows: z.number().int(), likes: z.number().int(), comments: z.number().int() });

export const FEDERATION_INBOUND_RESPONSES = {
  FederationBlock: z.strictObject({
    id: z.number().int(),
    domain: z.string().describe("A hostname; the block covers its subdomains"),
    reason: z.string(),
    createdAt: iso,
  }),
  FederationBlockAdded: z.strictObject({
    id: z.number().int(),
    domain: z.string(),
    reason: z.string(),
    createdAt: iso,
    removed: Removed.describe("What the server's accounts had left here, removed with the block"),
  }),
  FederationUnblocked: z.strictObject({ ok: z.literal(true), domain: z.string() }),
  KnownServer: z.strictObject({
    domain: z.string(),
    actors: z.number().int().describe("Its accounts we have heard from"),
    followers: z.number().int().describe("Follows of members here by its accounts"),
    banned: z.number().int().describe("Its accounts banned here"),
    blocked: z.boolean(),
  }),
  RemoteBan: z.strictObject({
    ok: z.literal(true),
    id: z.number().int(),
    banned: z.boolean(),
    comments: z.number().int().describe("Comments hidden (or shown again)"),
  }),
  RemoteBlock: z.strictObject({
    remoteActorId: z.number().int(),
    kind: z.enum(["block", "mute"]),
    handle: z.string().describe("name@host"),
  }),
  RemoteBlockChanged: z.strictObject({
    ok: z.literal(true),
    id: z.number().int(),
    kind: z.enum(["block", "mute"]),
    changed: z.boolean().optional(),
  }),
  RemoteFollowPage: z.strictObject({ url: z.string().describe("The follow page of the account's own server for this member") }),
} as const;

type Name = ResponseName;
const op =
  (tag: string) => (method: Operation["method"], path: string, summary: string, ok: Operation["ok"], extra: Partial<Operation> = {}) => ({
    method,
    path,
    tag,
    summary,
    ok,
    ...extra,
  });
const admin = op("admin");
const account = op("account");
const social = op("social");
const byAdmin = { auth: "admin" } as const;
const member = { auth: "member" } as const;
const json = (schema: Name, status?: 200 | 201): Operation["ok"] => ({ schema, status });
const list = (schema: Name): Operation["ok"] => ({ schema, array: true });

export const FEDERATION_INBOUND_OPERATIONS: Operation[] = [
  admin("get", "/api/admin/federation/blocks", "The blocked servers", list("FederationBlock"), byAdmin),
  admin(
    "post",
    "/api/admin/federation/blocks",
    "Block a server: its follows, likes and comments go, its activities are refused",
    json("FederationBlockAdded", 201),
    {
      ...byAdmin,
      body: federationBlockSchema,
      errors: [409],
    },
  ),
  admin("delete", "/api/admin/federation/blocks/{domain}", "Unblock a server", json("FederationUnblocked"), byAdmin),
  admin("get", "/api/admin/federation/servers", "The servers heard from, with their followers here", list("KnownServer"), byAdmin),
  admin(
    "post",
    "/api/admin/federation/actors/{id}/ban",
    "Ban a remote account: its activities ignored, its comments hidden",
    json("RemoteBan"),
    {
      ...byAdmin,
      errors: [409],
    },
  ),
  admin("delete", "/api/admin/federation/actors/{id}/ban", "Lift a remote account's ban", json("RemoteBan"), { ...byAdmin, errors: [409] }),
  account("get", "/api/user/remote-actors", "One's blocks and mutes of remote accounts", list("RemoteBlock"), member),
  ...(["block", "mute"] as const).flatMap((kind) => [
    account(
      "post",
      `/api/user/remote-actors/{id}/${kind}`,
      `${kind === "block" ? "Block" : "Mute"} a remote account`,
      json("RemoteBlockChanged", 201),
      {
        ...member,
        errors: [422, 429],
      },
    ),
    account("delete", `/api/user/remote-actors/{id}/${kind}`, `Lift one's ${kind} of a remote account`, json("RemoteBlockChanged"), member),
  ]),
  social(
    "post",
    "/api/federation/remote-follow",
    "Follow from your server: the follow page of your fediverse server for a member",
    json("RemoteFollowPage"),
    {
      body: remoteFollowSchema,
      errors: [422, 429],
    },
  ),
];
