import { SMTPServer } from 'smtp-server';

/**
 * The e2e server's SMTP_URL (playwright.config.ts): a local SMTP server on E2E_SMTP_PORT that keeps every message it
 * accepts. It is the server tests' catcher (tests/server/follow-ups/support/mail-catcher.ts) on a fixed port, without
 * refusals: that one listens on a port of its own choosing, which the e2e server, started first, cannot know. Both
 * workers' tests send alerts to it while it listens, so a test picks its own mail out by its site or recipient.
 */
export interface CaughtMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The plain-text body, decoded (nodemailer writes long lines as quoted-printable). */
  text: string;
}

export interface MailCatcher {
  mails: CaughtMail[];
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

/** The header block unfolded, its subject, and the body decoded as its transfer encoding says. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

/** Starts listening on 127.0.0.1:E2E_SMTP_PORT; only one test at a time may (the port is the server's one). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), ...parse(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve);
  });
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
