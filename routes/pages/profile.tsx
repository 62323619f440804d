import { toSignIn } from "../../lib/auth/guards.ts";
import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import PrivacySwitch from "../../islands/PrivacySwitch.tsx";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import MutedList from "../../islands/MutedList.tsx";
import RemoteAccountsList from "../../islands/RemoteAccountsList.tsx";
import { listRemoteBlocks } from "../../db/queries/remote_actor_blocks.ts";
import NotificationSettings from "../../islands/NotificationSettings.tsx";
import { notificationSettings } from "../../lib/notify/settings.ts";
import FollowingFeedUrl from "../../islands/FollowingFeedUrl.tsx";
import FederationSwitch from "../../islands/FederationSwitch.tsx";
import { isFederated } from "../../db/queries/federation_profile.ts";
import { followingFeedPath, followingFeedToken } from "../../lib/community/follows.ts";
import { listMutes } from "../../db/queries/mutes.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { findAbout, findPasswordHash, findPrivacy, listSocialProviders } from "../../db/queries/account.ts";
import { isProvider, type Provider, PROVIDERS } from "../../lib/auth/oauth.ts";
import type { ConnectNotice } from "../../components/ui/profile/ConnectedAccounts.tsx";

/** What a connect flow's callback (routes/pages/social.ts) reported in the address. */
function connectNotice(connected?: string, error?: string, provider?: string): ConnectNotice {
  if (connected && isProvider(connected)) return { kind: "connected", provider: connected };
  if (error && provider && isProvider(provider)) return { kind: error === "taken" ? "taken" : "failed", provider };
  return null;
}

/** /profile (spec part 2 §2 "Own profile"): members only; visitors are sent to /auth. */
export const profilePage = new Hono<AppEnv>().get("/", async (c) => {
  const { user, db } = c.var;
  if (!user) return toSignIn(c);
  const [passwordHash, providers, about, mutes, feedToken, notify, federated, privacy, remoteBlocks] = await Promise.all([
    findPasswordHash(db, user.id),
    listSocialProviders(db, user.id),
    findAbout(db, user.id),
    listMutes(db, user.id),
    followingFeedToken(db, user.id),
    notificationSettings(db, user.id),
    isFederated(db, user.id),
    findPrivacy(db, user.id),
    listRemoteBlocks(db, user.id),
  ]);
  const available = (Object.keys(PROVIDERS) as Provider[]).filter((p) => c.var.config.oauth[p]);
  return renderPage(
    c,
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold">Profile Settings</h1>
      <p className="mb-6 text-sm text-neutral-400">Signed in as {user.username}. Manage your account, password and data.</p>
      <Island
        name="ProfileSettings"
        component={ProfileSettings}
        props={{
          username: user.username,
          email: user.email,
          hasPassword: passwordHash !== null,
          providers,
          available,
          emailVerified: user.emailVerified,
          notice: connectNotice(c.req.query("connected"), c.req.query("social_error"), c.req.query("provider")),
          about,
        }}
      />
      {c.var.config.federation.enabled && (
        <Island
          name="FederationSwitch"
          component={FederationSwitch}
          props={{ federated, handle: `@${user.username}@${new URL(c.var.config.siteUrl).host}` }}
          hydrate="visible"
        />
      )}
      <section id="privacy" aria-label="Privacy" className="mt-8 scroll-mt-20 rounded-xl bg-neutral-900 p-4">
        <h2 className="mb-3 text-lg font-semibold">Privacy</h2>
        <Island
          name="PrivacySwitch"
          component={PrivacySwitch}
          props={{
            field: "showFollows",
            initial: privacy.showFollows,
            label: "Show my followers and following",
            description: "When off, only you can see who follows you and whom you follow. The counts stay visible.",
            onText: "Your follow lists are public",
            offText: "Your follow lists are now private",
          }}
        />
        <p className="mt-3 text-sm text-neutral-400">
          Your <a href="/history" className="underline">watch history</a> can be paused or cleared there.
        </p>
      </section>
      <Island
        name="NotificationSettings"
        component={NotificationSettings}
        props={{ initial: notify, emailVerified: user.emailVerified }}
        hydrate="visible"
      />
      <Island
        name="MutedList"
        component={MutedList}
        props={{
          initial: mutes.map((m) => ({ type: m.type, value: m.value, label: m.type === "user" ? m.username ?? m.value : m.value })),
        }}
        hydrate="visible"
      />
      {(c.var.config.federation.enabled || remoteBlocks.length > 0) && (
        <Island name="RemoteAccountsList" component={RemoteAccountsList} props={{ initial: remoteBlocks }} hydrate="visible" />
      )}
      <Island
        name="FollowingFeedUrl"
        component={FollowingFeedUrl}
        props={{ url: new URL(followingFeedPath(feedToken), c.var.config.siteUrl).href }}
        hydrate="visible"
      />
    </section>,
    { meta: { title: "Profile", noindex: true } },
  );
});
