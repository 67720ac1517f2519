import { createRateLimits } from '@parkside/core';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createMailer, createSmtpTransport } from '@parkside/email';
import { startTestSmtpServer, type TestSmtpServer } from '@parkside/email/testing';
import { createAuthService } from './accounts';
import { createSessionStore, type ValidSession } from './lucia';
import { SessionKeeper } from './session-keeper';

export const PUBLIC_URL = 'http://parkside.test';

export interface AuthHarness {
  database: TestDatabase;
  smtp: TestSmtpServer;
  auth: ReturnType<typeof createAuthService>;
  /** A second, independent service on the same database: another app server. */
  otherServer: ReturnType<typeof createAuthService>;
  close(): Promise<void>;
}

/**
 * A real migrated database, a real SMTP server on loopback, and the service wired to both. The
 * other server keeps the sessions it checked while it listens for changes, as app servers do;
 * the first reads every session (tests of what a session is see each change at once).
 */
export async function createAuthHarness(): Promise<AuthHarness> {
  const database = await createTestDatabase();
  const smtp = await startTestSmtpServer();
  const stops: (() => Promise<void>)[] = [];
  const keeperOf = async () => {
    const keeper = new SessionKeeper<ValidSession>();
    stops.push(await keeper.listen(database));
    return keeper;
  };
  const make = async (keeping: boolean) =>
    createAuthService({
      db: database.db,
      sessions: createSessionStore(database.db, {
        secure: false,
        keeper: keeping ? await keeperOf() : null,
      }),
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
    auth: await make(false),
    otherServer: await make(true),
    async close() {
      for (const stop of stops) await stop();
      await smtp.close();
      await database.close();
    },
  };
}

/** One harness for a test file: started before its tests (handed to `use`), closed after them. */
export function harnessForFile(use: (harness: AuthHarness) => void) {
  let harness: AuthHarness | undefined;
  beforeAll(async () => {
    harness = await createAuthHarness();
    use(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });
}

/** The token of the last link in an e-mail's text. */
export function tokenFromEmail(text: string): string {
  const match = [...text.matchAll(/[?&]token=([A-Za-z0-9_-]+)/g)].at(-1);
  if (!match?.[1]) throw new Error(`No token link in:\n${text}`);
  return match[1];
}
