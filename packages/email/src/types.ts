/** One email to one recipient. Both parts are always sent: plain text and HTML. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What a template produces; the caller adds `to`. */
export type EmailContent = Omit<EmailMessage, 'to'>;

/** Delivers a fully addressed message. Rejects when the message was not accepted. */
export interface EmailTransport {
  send(message: EmailMessage & { from: string }): Promise<void>;
}

/** A message kept by the in-memory outbox. */
export interface StoredEmail extends EmailMessage {
  id: string;
  from: string;
  sentAt: Date;
}
