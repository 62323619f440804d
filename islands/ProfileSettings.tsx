import { useState } from "react";
import { ProfileTab } from "../components/ui/profile/ProfileTab.tsx";
import { SecurityTab } from "../components/ui/profile/SecurityTab.tsx";
import { DangerZoneTab } from "../components/ui/profile/DangerZoneTab.tsx";
import { ConnectedAccounts, type ConnectNotice } from "../components/ui/profile/ConnectedAccounts.tsx";
import { VerifyEmailNotice } from "../components/ui/profile/VerifyEmailNotice.tsx";
import { AboutForm } from "../components/ui/profile/AboutForm.tsx";

export type ProfileSettingsProps = {
  username: string;
  email: string | null;
  /** False for members who joined through Google or Facebook and never set one. */
  hasPassword: boolean;
  /** Social providers the member signs in with. */
  providers: string[];
  /** Providers the operator configured, which the member may connect. */
  available: string[];
  emailVerified: boolean;
  /** Set when a provider's callback brought the member back here (connect flow): opens the Security tab. */
  notice: ConnectNotice;
  /** The member's About text (issue 27 point 14). */
  about?: string;
};

const TABS = [
  { key: "profile", label: "Profile" },
  { key: "security", label: "Security" },
  { key: "danger", label: "Danger Zone" },
] as const;
type Tab = (typeof TABS)[number]["key"];

/** /profile (spec part 2 §2 "Own profile"): the Profile, Security and Danger Zone tabs. */
export default function ProfileSettings(
  { username, email, hasPassword, providers, available, emailVerified, notice, about = "" }: ProfileSettingsProps,
) {
  const [tab, setTab] = useState<Tab>(notice ? "security" : "profile");
  const [passwordSet, setPasswordSet] = useState(hasPassword);
  return (
    <div>
      {email && !emailVerified && <VerifyEmailNotice />}
      <div role="tablist" aria-label="Account settings" className="mb-6 flex gap-1 rounded-lg bg-neutral-900 p-1">
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`profile-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="profile-panel"
            onClick={() => setTab(key)}
            className={`flex-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium ${
              tab === key ? "bg-neutral-800 text-white" : "text-neutral-400 hover:text-white"
            } ${key === "danger" && tab !== key ? "hover:text-red-300" : ""}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="profile-panel" role="tabpanel" aria-labelledby={`profile-tab-${tab}`} data-tab={tab}>
        {tab === "profile" && <ProfileTab username={username} email={email} hasPassword={passwordSet} providers={providers} />}
        {tab === "profile" && <AboutForm initial={about} />}
        {tab === "security" && (
          <>
            <SecurityTab hasPassword={passwordSet} providers={providers} onPasswordSet={() => setPasswordSet(true)} />
            <ConnectedAccounts providers={providers} available={available} hasPassword={passwordSet} notice={notice} />
          </>
        )}
        {tab === "danger" && <DangerZoneTab username={username} hasPassword={passwordSet} />}
      </div>
    </div>
  );
}
