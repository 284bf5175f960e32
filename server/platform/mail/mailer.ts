import { createTransport } from 'nodemailer';
import type { Env } from '../../env';

/** One email: its plain text and its HTML (sent as multipart/alternative; a reader shows the one it prefers). */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects when it refuses or does not answer. */
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

/**
 * Email through the operator's SMTP server (SMTP_URL). It is the operator's own configuration, as DATABASE_URL is,
 * so it is connected to directly, private networks included, without the webhooks' SSRF guard. Only the job queue
 * sends: a request never waits on a mail server.
 */
export function createMailer(mail: NonNullable<Env['mail']>): Mailer {
  const transport = createTransport({
    url: mail.url,
    // A mail server that hangs must not hold a job past its expiry (RETRY_POLICY.expireInSeconds).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      const { to, subject, text, html } = message;
      await transport.sendMail({ from: mail.from, to, subject, text, html });
    },
    close: () => transport.close(),
  };
}
