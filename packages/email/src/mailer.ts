import { type EmailMessage, type EmailTransport } from './types';

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Binds a transport to the sender address every message goes out from. */
export function createMailer(options: { transport: EmailTransport; from: string }): Mailer {
  const { transport, from } = options;
  if (!from.trim()) throw new Error('createMailer: `from` must be a sender address');
  return {
    send(message) {
      return transport.send({ ...message, from });
    },
  };
}
