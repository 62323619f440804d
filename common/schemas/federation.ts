/** The federation payloads of issue 40's inbound half (decision 042). */
import * as z from "zod/mini";
import { FEDERATION_LIMITS, FEDERATION_MSG, normalizeDomain, parseAccount } from "../federation_rules.ts";

/** `POST /api/admin/federation/blocks` `{ domain, reason }`: the domain folded to its hostname. */
export const federationBlockSchema = z.object({
  domain: z.pipe(
    z.string().check(z.maxLength(FEDERATION_LIMITS.domain + 20, FEDERATION_MSG.domainInvalid)),
    z.transform((input, ctx) => {
      const domain = normalizeDomain(input);
      if (domain) return domain;
      ctx.issues.push({ code: "custom", message: FEDERATION_MSG.domainInvalid, input, path: ["domain"] });
      return z.NEVER;
    }),
  ),
  reason: z._default(
    z.string().check(z.maxLength(FEDERATION_LIMITS.reason, `reason is at most ${FEDERATION_LIMITS.reason} characters`), z.trim()),
    "",
  ),
});

/** "Follow from your server" `{ username, account }`: the member to follow and the visitor's own fediverse address. */
export const remoteFollowSchema = z.object({
  username: z.string().check(z.minLength(1, "username is required"), z.maxLength(100, "username is too long")),
  account: z.pipe(
    z.string().check(z.maxLength(FEDERATION_LIMITS.account, FEDERATION_MSG.accountInvalid)),
    z.transform((input, ctx) => {
      const account = parseAccount(input);
      if (account) return account;
      ctx.issues.push({ code: "custom", message: FEDERATION_MSG.accountInvalid, input, path: ["account"] });
      return z.NEVER;
    }),
  ),
});
