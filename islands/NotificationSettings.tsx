import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { KIND_LABELS, NOTIFICATION_KINDS, type NotificationSettings as Settings } from "../common/notification_rules.ts";

/**
 * /profile's "Notifications" section (issue 33 point 4): per kind, on the site and by email. Each change is
 * saved at once (PUT /api/user/notification-settings with every kind) and undone on the screen if it fails.
 */
export default function NotificationSettings({ initial, emailVerified }: { initial: Settings; emailVerified: boolean }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function change(next: Settings) {
    const before = settings;
    setSettings(next);
    setBusy(true);
    try {
      setSettings(await api<Settings>("/api/user/notification-settings", { method: "PUT", body: next }));
      toast({ title: "Notification settings saved" });
    } catch (err) {
      setSettings(before);
      toast({ title: err instanceof ApiError ? err.message : "Could not save. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section
      id="notifications"
      aria-labelledby="notifications-title"
      className="mt-8 scroll-mt-20 rounded-xl bg-neutral-900 p-4"
      data-testid="notification-settings"
    >
      <h2 id="notifications-title" className="text-lg font-semibold">Notifications</h2>
      <p className="mb-3 text-sm text-neutral-400">
        What you hear of on the site (the bell) and by email.{" "}
        {emailVerified ? "Emails come at most once an hour per kind." : "Emails go only to a verified address: verify yours above."}
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-neutral-400">
            <th scope="col" className="py-1 pr-2 font-medium">Kind</th>
            <th scope="col" className="w-14 py-1 text-center font-medium">Site</th>
            <th scope="col" className="w-14 py-1 text-center font-medium">Email</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind} className="border-t border-neutral-800">
              <th scope="row" className="py-2 pr-2 text-left font-normal">{KIND_LABELS[kind]}</th>
              {(["web", "email"] as const).map((channel) => (
                <td key={channel} className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-orange-500"
                    aria-label={`${KIND_LABELS[kind]}: ${channel === "web" ? "on the site" : "by email"}`}
                    data-testid={`${kind}-${channel}`}
                    checked={settings[kind][channel]}
                    disabled={busy}
                    onChange={(e) => change({ ...settings, [kind]: { ...settings[kind], [channel]: e.currentTarget.checked } })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
