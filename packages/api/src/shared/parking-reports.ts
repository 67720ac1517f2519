import { parkingReports, type Database } from '@parkside/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/** Two reports standing against a host within 90 days flag the host for review (PRODUCT.md §8). */
export const REPORTS_TO_FLAG = 2;
export const REPORT_FLAG_DAYS = 90;

/** Reports about the host's driveways in the last 90 days that an admin has not reversed. */
export async function standingReports(db: Database, hostId: string, now = new Date()) {
  const since = new Date(now.getTime() - REPORT_FLAG_DAYS * 86_400_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parkingReports)
    .where(
      and(
        eq(parkingReports.hostId, hostId),
        gt(parkingReports.createdAt, since),
        isNull(parkingReports.reversedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the host is flagged for review: their new listings wait for an admin. */
export async function hostFlagged(db: Database, hostId: string, now = new Date()) {
  return (await standingReports(db, hostId, now)) >= REPORTS_TO_FLAG;
}
