import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { SMTPServer } from "smtp-server";
import { drainBackground } from "../lib/background.ts";
import { sendMail } from "../lib/auth/mail.ts";
import { setLogLevel } from "../lib/log.ts";
import { ConfigError, parseConfig } from "../lib/config.ts";
import { createUser, makeTestEnv, testConfig } from "./_helpers.ts";
import { outboxFiles, parseMail, resetLinkIn } from "./_mail.ts";

setLogLevel("info");

type Received = { raw: string; from: string; to: string[]; user?: string };

/** A real SMTP peer on loopback (the npm smtp-server), requiring a login, without STARTTLS. */
async function smtpPeer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, done) {
      if (auth.username === "mailer" && auth.password === "s3cret pass") done(null, { user: auth.username });
      else done(new Error("Invalid username or password"));
    },
    onData(stream, session, done) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          raw: new TextDecoder().decode(Uint8Array.from(chunks.flatMap((c) => [...c]))),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs fn with console.log/console.error captured (the log lines the mail code writes). */
async function captureLogs(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = console.error = (line: unknown) => lines.push(String(line));
  try {
    await fn();
  } finally {
    [console.log, console.error] = [log, error];
  }
  return lines;
}

Deno.test("[mail] with SMTP_URL a reset mail goes to a real SMTP server, logged in, with a text and an HTML part holding the link", async () => {
  const smtp = await smtpPeer();
  try {
    await using env = await makeTestEnv({
      SMTP_URL: `smtp://mailer:${encodeURIComponent("s3cret pass")}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Dreamreel <accounts@dreamreel.test>",
    });
    const user = await createUser(env.db, { username: "smtp_member", email: "smtp.member@example.com" });
    const res = await env.request("/api/forgot-password", { json: { email: user.email } });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await drainBackground();
    assert.equal(smtp.received.length, 1);
    const got = smtp.received[0];
    assert.equal(got.user, "mailer", "the credentials of SMTP_URL were used");
    assert.equal(got.from, "accounts@dreamreel.test");
    assert.deepEqual(got.to, ["smtp.member@example.com"]);
    const mail = parseMail(got.raw);
    assert.equal(mail.headers.get("from"), "Dreamreel <accounts@dreamreel.test>");
    assert.equal(mail.headers.get("subject"), "Reset your Dreamreel password");
    assert.match(mail.headers.get("content-type") ?? "", /^multipart\/alternative/);
    const { link, token } = resetLinkIn(mail.text);
    assert.equal(link, `${env.config.siteUrl}/reset-password?token=${token}`);
    assert.ok(mail.text.includes("Hi smtp_member,") && mail.text.includes("expires in 1 hour"));
    assert.ok(mail.html.includes(`<a href="${link}"`), "the HTML part links the same address");
    assert.equal((await env.request(`/api/verify-reset-token/${token}`)).status, 200, "the mailed token is live");
    assert.deepEqual(await outboxFiles(env.config.mail.outboxDir), [], "nothing went to the outbox");
  } finally {
    await smtp.close();
  }
});

Deno.test("[mail] an unreachable SMTP server is logged; the visitor's answer is the same 200", async () => {
  const smtp = await smtpPeer();
  await smtp.close(); // a port nobody listens on any more
  await using env = await makeTestEnv({ SMTP_URL: `smtp://mailer:pw@127.0.0.1:${smtp.port}` });
  const user = await createUser(env.db);
  const lines = await captureLogs(async () => {
    const res = await env.request("/api/forgot-password", { json: { email: user.email } });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await drainBackground();
  });
  assert.ok(lines.some((l) => /"level":"error".*password reset mail failed/.test(l)), lines.join("\n"));
  assert.ok(!lines.join("\n").includes("mailer:pw"), "the SMTP password is never logged");
});

Deno.test("[mail] without SMTP_URL each mail is an RFC 5322 .eml in DATA_DIR/outbox, its recipient and subject logged", async () => {
  await using env = await makeTestEnv();
  const user = await createUser(env.db, { username: "outbox_member", email: "outbox@example.com" });
  const lines = await captureLogs(async () => {
    await (await env.request("/api/forgot-password", { json: { email: "OUTBOX@example.com" } })).body?.cancel();
    await drainBackground();
  });
  const files = await outboxFiles(env.config.mail.outboxDir);
  assert.equal(files.length, 1);
  assert.equal(env.config.mail.outboxDir, `${env.config.dataDir}/outbox`);
  assert.equal(statSync(files[0]).mode & 0o777, 0o600, "a live link is readable by the site's user only");
  const raw = await readFile(files[0], "utf8");
  assert.ok(!/[^\r]\n/.test(raw), "every line ends in CRLF");
  const mail = parseMail(raw);
  for (const header of ["from", "to", "subject", "date", "message-id", "mime-version"]) assert.ok(mail.headers.has(header), header);
  assert.equal(mail.headers.get("to"), user.email);
  assert.equal(mail.headers.get("from"), "Dreamreel <no-reply@localhost>");
  assert.ok(!Number.isNaN(Date.parse(mail.headers.get("date")!)));
  const { token } = resetLinkIn(mail.text);
  assert.ok(mail.html.includes(`/reset-password?token=${token}`));
  const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "mail written to outbox");
  assert.deepEqual([logged?.to, logged?.subject, logged?.file], [user.email, "Reset your Dreamreel password", files[0]]);
});

Deno.test("[mail] non-ASCII subjects and parts arrive intact; a site name that needs quotes is quoted", async () => {
  const config = testConfig({ SITE_NAME: "Dream & Reel" });
  await sendMail(config, { to: "a@example.com", subject: "Ünïcode & co", text: "plain ünïcode", html: "<p>html ünïcode</p>" });
  const [file] = await outboxFiles(config.mail.outboxDir);
  const mail = parseMail(await readFile(file, "utf8"));
  assert.equal(mail.text, "plain ünïcode");
  assert.equal(mail.html, "<p>html ünïcode</p>");
  assert.match(mail.headers.get("subject") ?? "", /^=\?UTF-8\?/i, "a non-ASCII subject is an encoded word");
  assert.equal(mail.headers.get("from"), '"Dream & Reel" <no-reply@localhost>');
});

Deno.test("[config] SMTP_URL must be smtp:// or smtps://, and a bad one is echoed without its user and password", () => {
  assert.throws(() => parseConfig({ SMTP_URL: "http://mailer:hunter2@mail.example" }), (e: Error) => {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /SMTP_URL="http:\/\/mail\.example": must look like smtp:\/\//);
    assert.ok(!e.message.includes("hunter2") && !e.message.includes("mailer"));
    return true;
  });
  const config = parseConfig({ SMTP_URL: "smtps://mailer:pw@mail.example:465", MAIL_FROM: "Site <a@b.example>" });
  assert.deepEqual([config.mail.smtpUrl, config.mail.from], ["smtps://mailer:pw@mail.example:465", "Site <a@b.example>"]);
  assert.equal(parseConfig({}).mail.smtpUrl, undefined);
});
