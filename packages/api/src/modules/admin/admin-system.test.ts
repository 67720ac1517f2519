/** The System page's procedures: live servers, the queue, failed jobs retried or discarded. */
import { adminAudit, admins, appServers, jobs, migrationsFolder } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { insertUsers, testUser, auditRows } from '../../test-users';

let handle: TestDatabase;
const admin = testUser('system-admin', { isAdmin: true });
const api = () =>
  createCaller(createContext({ db: handle.db, user: admin, clientIp: '203.0.113.5' }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, admin);
  await handle.db.insert(admins).values({ email: admin.email });
}, 60_000);
afterAll(() => handle?.close());

describe('admin.system', () => {
  it('lists the servers seen in the last minute, the queue by task and the migrations', async () => {
    await handle.db.insert(appServers).values([
      { id: 'web-1-100-aaaaaa', host: 'web-1', pid: 100, version: 'v42' },
      {
        id: 'web-2-200-bbbbbb',
        host: 'web-2',
        pid: 200,
        version: 'v41',
        seenAt: new Date(Date.now() - 5 * 60_000),
      },
    ]);
    await handle.db
      .insert(jobs)
      .values([
        { task: 'email.send' },
        { task: 'email.send', runAt: new Date(Date.now() + 3_600_000) },
        { task: 'payments.refund', status: 'failed', attempts: 8, lastError: 'Stripe said no' },
      ]);
    const status = await api().admin.system();
    expect(status.servers.map((s) => s.id)).toEqual(['web-1-100-aaaaaa']);
    expect(status.queue).toEqual(
      expect.arrayContaining([
        { task: 'email.send', due: 1, later: 1, failed: 0, doneLastHour: 0 },
        { task: 'payments.refund', due: 0, later: 0, failed: 1, doneLastHour: 0 },
      ]),
    );
    expect(status.failed[0]).toMatchObject({
      task: 'payments.refund',
      lastError: 'Stripe said no',
    });
    expect(status.migrations.applied).toBeGreaterThanOrEqual(27);
    // The newest migration committed is the one the page names as applied last.
    const newest = readdirSync(migrationsFolder())
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .at(-1)!
      .replace(/\.sql$/, '');
    expect(status.migrations.latest).toBe(newest);
    expect(status.migrations.pending).toEqual([]);
  });

  it('retries a failed job now, discards another, and audits both', async () => {
    const [a, b, done] = await handle.db
      .insert(jobs)
      .values([
        { task: 'email.send', status: 'failed' as const, attempts: 8, lastError: 'SMTP down' },
        { task: 'email.send', status: 'failed' as const, attempts: 8 },
        { task: 'email.send', status: 'done' as const },
      ])
      .returning();
    await api().admin.retryJob({ id: a!.id });
    const [retried] = await handle.db.select().from(jobs).where(eq(jobs.id, a!.id));
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, finishedAt: null });
    expect(retried!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    await api().admin.discardJob({ id: b!.id });
    expect(await handle.db.select().from(jobs).where(eq(jobs.id, b!.id))).toEqual([]);
    await expect(api().admin.retryJob({ id: done!.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(api().admin.discardJob({ id: 999_999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const audit = await auditRows(handle.db, eq(adminAudit.actorEmail, admin.email));
    expect(audit.map((r) => [r.action, r.targetId, r.targetLabel])).toEqual(
      expect.arrayContaining([
        ['job.retry', String(a!.id), 'email.send'],
        ['job.discard', String(b!.id), 'email.send'],
      ]),
    );
  });
});
