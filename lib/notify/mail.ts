/**
 * The notification mail job (issue 33 point 5): one mail per member and kind, at most one an hour
 * (the followed uploads one a day, as a digest), only to a verified address with the kind's email on,
 * each with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). The mail is sent outside any
 * transaction; then, in the job's commit, the pacing moves on and, when entries came while it was
 * being sent, the next mail is queued for the end of the window.
 */
import type { Db } from "../../db/client.ts";
import { listUnreadOfKind } from "../../db/queries/notifications.ts";
import { findMailReceiver, hasUnreadSince, mailDone } from "../../db/queries/notify_mail.ts";
import { queueMail } from "../../db/queries/notify.ts";
import type { Config } from "../config.ts";
import { escapeHtml, type Mail, sendMail } from "../auth/mail.ts";
import type { JobHandler } from "../jobs/queue.ts";
import { isNotificationKind, KIND_LABELS, mailWindow, type NotificationKind } from "../../common/notification_rules.ts";
import { presentNotifications } from "./present.ts";
import { unsubscribeUrl } from "./unsubscribe.ts";

/** Entries one mail lists (the rest are on /notifications). */
const MAIL_ENTRIES = 10;

type Receiver = { id: number; username: string; email: string };

export function notificationMail(config: Config, to: Receiver, kind: NotificationKind, lines: { text: string; url: string }[]): Mail {
  const site = config.siteName;
  const unsubscribe = unsubscribeUrl(config, to.id, kind, to.email);
  const all = new URL("/notifications", config.siteUrl).href;
  const settings = new URL("/profile#notifications", config.siteUrl).href;
  const abs = (url: string) => new URL(url, config.siteUrl).href;
  const subject = kind === "followed_upload"
    ? `New uploads from creators you follow on ${site}`
    : `${lines[0].text.slice(0, 120)} (${site})`;
  const text = [
    `Hi ${to.username},`,
    ...lines.map((l) => `- ${l.text}\n  ${abs(l.url)}`),
    `All your notifications: ${all}`,
    `You get this mail for “${KIND_LABELS[kind]}”. Stop these mails: ${unsubscribe}\nAll settings: ${settings}`,
    site,
  ].join("\n\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#171717">
<p>Hi ${e(to.username)},</p>
<ul>${lines.map((l) => `<li><a href="${e(abs(l.url))}">${e(l.text)}</a></li>`).join("")}</ul>
<p><a href="${e(all)}">All your notifications</a></p>
<p style="font-size:12px;color:#525252">You get this mail for “${e(KIND_LABELS[kind])}”. <a href="${e(unsubscribe)}">Stop these mails</a> ·
<a href="${e(settings)}">All settings</a></p>
<p>${e(site)}</p>
</body></html>`;
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Sends the member's pending mail of a kind when they still want it and something is new. Says whether
 * they want it, when it looked (what changed later waits for the next mail), and when the last mail went.
 */
async function sendPending(db: Db, config: Config, userId: number, kind: NotificationKind) {
  const to = await findMailReceiver(db, userId, kind);
  const checkedAt = Date.now();
  if (!to) return { wanted: false, checkedAt, last: 0, sent: false };
  const rows = await listUnreadOfKind(db, userId, kind, to.lastSentAt, MAIL_ENTRIES);
  if (!rows.length) return { wanted: true, checkedAt, last: to.lastSentAt, sent: false };
  await sendMail(config, notificationMail(config, to, kind, await presentNotifications(db, rows)));
  return { wanted: true, checkedAt, last: checkedAt, sent: true };
}

export const mailHandler: JobHandler = {
  async run(ctx) {
    const userId = Number(ctx.payload.userId);
    const kind = String(ctx.payload.kind);
    if (!isNotificationKind(kind)) return;
    const { wanted, checkedAt, last, sent } = await sendPending(ctx.db, ctx.config, userId, kind);
    await ctx.commit(async (tx) => {
      await mailDone(tx, userId, kind, sent ? checkedAt : null);
      // Entries that came while this job ran found it pending and queued nothing: they wait for the window's end.
      if (wanted && (await hasUnreadSince(tx, userId, kind, checkedAt))) {
        await queueMail(tx, userId, kind, Math.max(Date.now(), last + mailWindow(kind)));
      }
    });
  },
};
