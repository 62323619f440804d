import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { beginOAuth } from "../../lib/auth/oauth_state.ts";
import { disconnectSocialAccount } from "../../lib/auth/social_accounts.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { conflict, notFound } from "../../lib/http_error.ts";
import { isProvider, PROVIDERS } from "../../lib/auth/oauth.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { confirmIdentity } from "../../lib/auth/reauth.ts";
import { jsonBody } from "../../lib/validate.ts";
import { confirmIdentitySchema } from "../../common/schemas/account.ts";

/**
 * The "Connected accounts" of /profile (issue 19), mounted at /api/user/social. Connecting hands
 * the account a new way in, so it needs the same proof as a new email (decision record 014): a
 * stolen session alone must not attach the thief's Google account. Disconnecting takes a way in
 * away from the owner (a thief who also set a password keeps the account): the same proof (issue 31
 * point 9).
 */
export function socialLinksApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  const providerOr404 = (raw: string) => {
    if (!isProvider(raw)) throw notFound("Unknown provider");
    return raw;
  };

  // POST /api/user/social/{provider} { currentPassword? } -> { url }: the browser goes there; the
  // provider's callback (/auth/{provider}/callback) attaches the identity to this account.
  app.post("/:provider", async (c) => {
    const user = requireUser(c);
    const provider = providerOr404(c.req.param("provider"));
    const settings = c.var.config.oauth[provider];
    if (!settings) throw conflict(`${PROVIDERS[provider]} sign-in is not set up on this site`);
    const { currentPassword } = await jsonBody(c, confirmIdentitySchema);
    await confirmIdentity(c, limiter, user, currentPassword);
    return c.json({ url: beginOAuth(c, provider, settings, user.id) });
  });

  // DELETE /api/user/social/{provider} { currentPassword? } -> { providers }: never the last way to
  // sign in (409). A member without a password may send no body: their proof is a recent sign-in.
  app.delete("/:provider", async (c) => {
    const user = requireUser(c);
    const provider = providerOr404(c.req.param("provider"));
    const { currentPassword } = c.req.header("content-type") ? await jsonBody(c, confirmIdentitySchema) : {};
    await confirmIdentity(c, limiter, user, currentPassword);
    return c.json({ providers: await disconnectSocialAccount(c.var.db, user.id, provider) });
  });

  return app;
}
