import { mkdir, rename, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import { log } from "../log.ts";

/** Every mail has a plain-text and an HTML part; `headers` adds some (List-Unsubscribe of notification mails, issue 33). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

const smtpTransports = new WeakMap<Config, Transporter>();

/**
 * nodemailer, imported at the first mail: ~10 MB of RSS in every server process otherwise, most
 * of which never send one (decision 049).
 */
let loading: Promise<typeof import("nodemailer").default> | undefined;
const loadNodemailer = () => loading ??= import("nodemailer").then((m) => m.default);

async function smtpTransport(config: Config, url: string): Promise<Transporter> {
  let transport = smtpTransports.get(config);
  if (!transport) {
    const nodemailer = await loadNodemailer();
    // The defaults wait minutes on a dead server; a reset mail should fail in seconds and be logged.
    transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    smtpTransports.set(config, transport);
  }
  return transport;
}

/** Builds the RFC 5322 message (CRLF line ends) without sending it. */
let builder: Transporter | undefined;
const messageBuilder = async () =>
  builder ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "windows" });

/**
 * Sends through `SMTP_URL`; without it, writes the message as `DATA_DIR/outbox/<time>-<id>.eml`
 * (written under a temporary name, then renamed, so a reader never sees half a file) and logs
 * recipient and subject, so a site without a mail server can still hand out a reset link.
 */
export async function sendMail(config: Config, mail: Mail): Promise<void> {
  const message = { from: config.mail.from, ...mail };
  const { smtpUrl, outboxDir } = config.mail;
  if (smtpUrl) {
    await (await smtpTransport(config, smtpUrl)).sendMail(message);
    log.info("mail sent", { to: mail.to, subject: mail.subject });
    return;
  }
  const built = await (await messageBuilder()).sendMail(message);
  await mkdir(outboxDir, { recursive: true });
  const name = `${Date.now()}-${randomBytes(6).toString("hex")}.eml`;
  const temp = `${outboxDir}/.${name}.tmp`;
  await writeFile(temp, built.message as Buffer, { mode: 0o600 });
  await rename(temp, `${outboxDir}/${name}`);
  log.info("mail written to outbox", { to: mail.to, subject: mail.subject, file: `${outboxDir}/${name}` });
}

/** Escapes text for the HTML part. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
