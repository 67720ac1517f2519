import { randomUUID } from 'node:crypto';
import { type EmailTransport, type StoredEmail } from './types';

const OUTBOX_LIMIT = 100;

export interface OutboxTransport extends EmailTransport {
  /** Stored messages, newest first. */
  list(): StoredEmail[];
  get(id: string): StoredEmail | undefined;
  clear(): void;
}

/** In-memory outbox for development: nothing leaves the process; keeps the newest 100 messages. */
export function createOutboxTransport(): OutboxTransport {
  // Newest first.
  let messages: StoredEmail[] = [];
  return {
    async send({ from, to, subject, text, html }) {
      const stored: StoredEmail = {
        id: randomUUID(),
        from,
        to,
        subject,
        text,
        html,
        sentAt: new Date(),
      };
      messages = [stored, ...messages].slice(0, OUTBOX_LIMIT);
    },
    list() {
      return messages.map((message) => ({ ...message, sentAt: new Date(message.sentAt) }));
    },
    get(id) {
      const message = messages.find((candidate) => candidate.id === id);
      return message && { ...message, sentAt: new Date(message.sentAt) };
    },
    clear() {
      messages = [];
    },
  };
}
