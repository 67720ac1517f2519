/**
 * What waits for an admin (decision 057): the counts behind the overview's "To do" block, each
 * a page away. Read together in one statement; each count is small (a queue, a week of reports).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@parkside/db';
import { rowsOf } from './admin.service';

export interface PendingWork {
  /** Listings waiting for review (/admin/listings). */
  listingsInReview: number;
  /** "I can't park here" reports of the last 7 days not reversed (/admin/issues). */
  parkingReportsThisWeek: number;
  /** Background jobs out of attempts (/admin/system). */
  failedJobs: number;
  /** E-mails stored and not sent yet (/admin/system). */
  mailWaiting: number;
}

export async function pendingWork(db: Database, now = new Date()): Promise<PendingWork> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = rowsOf<Record<'review' | 'reports' | 'failed' | 'mail', number>>(
    await db.execute(sql`
      select
        (select count(*)::int from listings where status = 'in_review') as review,
        (select count(*)::int from parking_reports
          where reversed_at is null and created_at >= ${at} - interval '7 days') as reports,
        (select count(*)::int from jobs where status = 'failed') as failed,
        (select count(*)::int from email_jobs where status = 'pending') as mail`),
  );
  return {
    listingsInReview: row!.review,
    parkingReportsThisWeek: row!.reports,
    failedJobs: row!.failed,
    mailWaiting: row!.mail,
  };
}
