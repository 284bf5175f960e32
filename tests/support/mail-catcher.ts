import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipients (RCPT TO), whatever the headers say. */
  to: string[];
  /** The message as it arrived: headers and body, encoded. */
  raw: string;
  subject: string;
  /** The plain-text body (or part), decoded (nodemailer writes long or non-ASCII lines as quoted-printable). */
  text: string;
  /** The HTML part of a multipart message, decoded; empty when the message has none. */
  html: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL points at. */
  url: string;
  mails: CaughtMail[];
  /** The next `times` messages are refused with this SMTP reply code (4xx: try later; 5xx: refused). */
  refuseNext: (code: number, times: number) => void;
  close: () => Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Entity {
  header: (name: string) => string;
  /** The body, decoded as its transfer encoding says, with CRLF as LF. */
  body: string;
  /** The raw body, for a multipart entity to split. */
  rawBody: string;
}

/** A header block unfolded and a body decoded as its Content-Transfer-Encoding says. */
function entity(raw: string): Entity {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody)
      : encoding === 'base64'
        ? Buffer.from(rawBody, 'base64').toString('utf8')
        : rawBody;
  return { header, body: decoded.replace(/\r\n/g, '\n'), rawBody };
}

/** The parts of a multipart entity (one level: what nodemailer writes for text and HTML). */
function partsOf(message: Entity): Entity[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header('Content-Type'))?.[1];
  if (!boundary) return [];
  return message.rawBody
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => entity(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

/** The subject, and the plain text and HTML of a single-part or multipart/alternative message. */
function parse(raw: string): { subject: string; text: string; html: string } {
  const message = entity(raw);
  const subject = message.header('Subject');
  if (!/^multipart\//i.test(message.header('Content-Type'))) return { subject, text: message.body, html: '' };
  const parts = partsOf(message);
  const ofType = (type: string) => parts.find((part) => part.header('Content-Type').toLowerCase().startsWith(type));
  return { subject, text: ofType('text/plain')?.body ?? '', html: ofType('text/html')?.body ?? '' };
}

/**
 * A local SMTP server on 127.0.0.1 that keeps every message it accepts, and refuses when told to. On a port of its
 * own choosing (the server suites give its url to the app they start), or on the one given: the e2e server, started
 * before any test, has SMTP_URL at E2E_SMTP_PORT (playwright.config.ts), where the follow-ups spec listens.
 */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let refusal = { code: 250, left: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal.left > 0) {
          refusal.left -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: refusal.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, ...parse(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    refuseNext: (code, times) => {
      refusal = { code, left: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
