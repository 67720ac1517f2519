import nodemailer from 'nodemailer';
import { type EmailTransport } from './types';

/** Connection, greeting and socket timeouts: a dead mail server fails fast instead of hanging. */
const TIMEOUT_MS = 10_000;

/**
 * SMTP through nodemailer. `url` is `smtp://user:pass@host:587` (STARTTLS when the server offers
 * it) or `smtps://user:pass@host:465` (TLS from the start). One connection per message.
 */
export function createSmtpTransport(url: string): EmailTransport {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('createSmtpTransport: the SMTP URL is not a valid URL');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`createSmtpTransport: expected an smtp:// or smtps:// URL, got ${protocol}//`);
  }
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send({ from, to, subject, text, html }) {
      await transporter.sendMail({ from, to, subject, text, html });
    },
  };
}
