/** Reads the mails the site sent: a small RFC 5322 / MIME reader for multipart/alternative messages. */
import { readdir, readFile } from "node:fs/promises";
import { Buffer } from "node:buffer";

export type ParsedMail = { raw: string; headers: Map<string, string>; text: string; html: string };

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(body: string, encoding = "7bit"): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable": {
      const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
    }
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = splitHead(chunk.replace(/^\r?\n/, ""));
      parts.push({
        type: part.headers.get("content-type") ?? "text/plain",
        content: decode(part.body.replace(/\r?\n$/, ""), part.headers.get("content-transfer-encoding")),
      });
    }
  } else parts.push({ type, content: decode(body, headers.get("content-transfer-encoding")) });
  const find = (t: string) => parts.find((p) => p.type.toLowerCase().startsWith(t))?.content ?? "";
  return { raw, headers, text: find("text/plain"), html: find("text/html") };
}

/** The `.eml` files of an outbox, oldest first (names start with the time they were written). */
export async function outboxFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith(".eml")).sort().map((f) => `${dir}/${f}`);
  } catch {
    return [];
  }
}

export async function readOutbox(dir: string): Promise<ParsedMail[]> {
  return await Promise.all((await outboxFiles(dir)).map(async (f) => parseMail(await readFile(f, "utf8"))));
}

/** The reset link a mail carries, and its token. */
export function resetLinkIn(text: string): { link: string; token: string } {
  const m = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return { link: m[1], token: m[2] };
}

/** The verification link a mail carries, and its token. */
export function verifyLinkIn(text: string): { link: string; token: string } {
  const m = /(https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return { link: m[1], token: m[2] };
}
