import { createRateLimits } from '@parkside/core';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createMailer, createSmtpTransport } from '@parkside/email';
import { startTestSmtpServer, type TestSmtpServer } from '@parkside/email/testing';
import { createAuthService } from './accounts';
import { createSessionStore } from './lucia';

export const PUBLIC_URL = 'http://parkside.test';

export interface AuthHarness {
  database: TestDatabase;
  smtp: TestSmtpServer;
  auth: ReturnType<typeof createAuthService>;
  /** A second, independent service on the same database: another app server. */
  otherServer: ReturnType<typeof createAuthService>;
  close(): Promise<void>;
}

/** A real migrated database, a real SMTP server on loopback, and the service wired to both. */
export async function createAuthHarness(): Promise<AuthHarness> {
  const database = await createTestDatabase();
  const smtp = await startTestSmtpServer();
  const make = () =>
    createAuthService({
      db: database.db,
      sessions: createSessionStore(database.db, { secure: false }),
      limits: createRateLimits(database.db),
      mailer: createMailer({
        transport: createSmtpTransport(smtp.url),
        from: 'Parkside <no-reply@parkside.test>',
      }),
      publicUrl: PUBLIC_URL,
      log: { error: () => {}, info: () => {} },
    });
  return {
    database,
    smtp,
    auth: make(),
    otherServer: make(),
    async close() {
      await smtp.close();
      await database.close();
    },
  };
}

/** The token of the last link in an e-mail's text. */
export function tokenFromEmail(text: string): string {
  const match = [...text.matchAll(/[?&]token=([A-Za-z0-9_-]+)/g)].at(-1);
  if (!match?.[1]) throw new Error(`No token link in:\n${text}`);
  return match[1];
}
