import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { markRead, setEmailOff } from "../../db/queries/notifications.ts";
import { findUnsubscriber } from "../../db/queries/notify_mail.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { toSignIn } from "../../lib/auth/guards.ts";
import { tokenMatches } from "../../lib/notify/unsubscribe.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { notificationPage } from "../../lib/notify/present.ts";
import { defaultSetting, isNotificationKind, KIND_LABELS, type NotificationKind } from "../../common/notification_rules.ts";
import type { NotificationEntry } from "../../common/schemas/notifications.ts";
import { formatDate } from "../../common/format.ts";

/** `?page=`: a whole number from 1 to 10,000; anything else reads as page 1. */
const pageOf = (raw: string | undefined) => (raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Math.min(Number(raw), 10_000) : 1);

function Entry({ n }: { n: NotificationEntry }) {
  return (
    <li>
      <a
        href={n.url}
        data-testid="notification"
        data-kind={n.kind}
        className={`flex flex-col gap-1 rounded-lg border px-4 py-3 hover:bg-neutral-900 ${
          n.read ? "border-neutral-800 text-neutral-300" : "border-orange-500/60 bg-neutral-900/60 text-neutral-100"
        }`}
      >
        <span className="text-sm">
          {!n.read && <span className="mr-2 inline-block h-2 w-2 rounded-full bg-orange-500" aria-hidden="true" />}
          {!n.read && <span className="sr-only">New:</span>}
          {n.text}
        </span>
        <time dateTime={n.createdAt} className="text-xs text-neutral-400">{formatDate(n.createdAt)}</time>
      </a>
    </li>
  );
}

/**
 * `/notifications` (issue 33 point 6): the member's notifications, newest first, paged, server-rendered and
 * working without script; the entries shown are marked read as the page is served (they are shown as new this once).
 */
export const notificationsPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { db, user } = c.var;
    if (!user) return toSignIn(c);
    const page = pageOf(c.req.query("page"));
    const { notifications, hasMore } = await notificationPage(db, user.id, page);
    const unreadShown = notifications.filter((n) => !n.read).map((n) => n.id);
    if (unreadShown.length) await writeTx(db, (tx) => markRead(tx, user.id, unreadShown));
    const href = (p: number) => (p > 1 ? `/notifications?page=${p}` : "/notifications");
    c.header("Cache-Control", "private, no-store");
    return renderPage(
      c,
      <section className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
        <h1 className="mb-1 text-2xl font-bold">Notifications</h1>
        <p className="mb-6 text-sm text-neutral-400">
          What happened around your uploads and the people you follow. <a href="/profile#notifications" className="underline">Settings</a>
        </p>
        {notifications.length
          ? <ul className="flex flex-col gap-2" data-testid="notification-list">{notifications.map((n) => <Entry key={n.id} n={n} />)}</ul>
          : (
            <p className="py-16 text-center text-neutral-300" data-testid="notifications-empty">
              {page > 1 ? "Nothing on this page." : "No notifications yet."}
            </p>
          )}
        {(page > 1 || hasMore) && (
          <nav aria-label="Notification pages" className="mt-6 flex items-center justify-center gap-3">
            {page > 1 && <a href={href(page - 1)} rel="prev" className="btn-secondary">Prev</a>}
            <span className="text-sm text-neutral-400">{`Page ${page}`}</span>
            {hasMore && <a href={href(page + 1)} rel="next" className="btn-secondary">Next</a>}
          </nav>
        )}
      </section>,
      { meta: { title: "Notifications", noindex: true } },
    );
  })
  .get("/unsubscribe", async (c) => {
    const target = await unsubscribeTarget(c);
    if (!target) return invalidLink(c);
    c.header("Cache-Control", "private, no-store");
    // A GET changes nothing (mail scanners follow links): the button does.
    return renderPage(
      c,
      <section className="mx-auto max-w-lg px-4 py-10 text-center">
        <h1 className="mb-3 text-2xl font-bold">Stop these emails?</h1>
        <p className="mb-6 text-neutral-300">
          {`You will no longer get emails for “${KIND_LABELS[target.kind]}”. Notifications on the site stay as they are.`}
        </p>
        <form method="post" action={c.req.url.slice(c.req.url.indexOf("/notifications/"))}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="btn-primary" data-testid="unsubscribe">Unsubscribe</button>
        </form>
      </section>,
      { meta: { title: "Unsubscribe", noindex: true } },
    );
  })
  // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` with no session and no Origin (lib/http/csrf.ts
  // exempts exactly this path); the token is the proof. Answered 200 whether email was on or already off.
  .post("/unsubscribe", async (c) => {
    const target = await unsubscribeTarget(c);
    if (!target) return invalidLink(c);
    await writeTx(c.var.db, (tx) => setEmailOff(tx, target.userId, target.kind, defaultSetting(target.kind).web));
    c.header("Cache-Control", "private, no-store");
    return renderPage(
      c,
      <section className="mx-auto max-w-lg px-4 py-10 text-center" data-testid="unsubscribed">
        <h1 className="mb-3 text-2xl font-bold">You are unsubscribed</h1>
        <p className="mb-6 text-neutral-300">
          {`No more emails for “${KIND_LABELS[target.kind]}”. You can turn them on again on your profile.`}
        </p>
        <a href="/profile#notifications" className="btn-secondary">Notification settings</a>
      </section>,
      { meta: { title: "Unsubscribed", noindex: true } },
    );
  });

/** The member and kind a link names, when its token matches their current address; null otherwise (one answer for all). */
async function unsubscribeTarget(c: Context<AppEnv>): Promise<{ userId: number; kind: NotificationKind } | null> {
  const u = c.req.query("u") ?? "";
  const kind = c.req.query("k") ?? "";
  const token = c.req.query("t") ?? "";
  if (!/^\d{1,9}$/.test(u) || !isNotificationKind(kind) || token.length > 100) return null;
  const user = await findUnsubscriber(c.var.db, Number(u));
  if (!user?.email || !tokenMatches(c.var.config, user.id, kind, user.email, token)) return null;
  return { userId: user.id, kind };
}

function invalidLink(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <section className="mx-auto max-w-lg px-4 py-10 text-center" data-testid="unsubscribe-invalid">
      <h1 className="mb-3 text-2xl font-bold">This link does not work</h1>
      <p className="mb-6 text-neutral-300">
        It may be incomplete, or your email address has changed since it was sent. Choose which emails you get on your profile.
      </p>
      <a href="/profile#notifications" className="btn-secondary">Notification settings</a>
    </section>,
    { meta: { title: "Link not valid", noindex: true }, status: 403 },
  );
}
