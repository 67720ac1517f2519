/**
 * The host's side of "I can't park here" (decision 043): the reports about their driveways, and
 * their one answer to each.
 */
import { selectBookingPlaces } from '../../shared/booking-places';
import { AppError, type SessionUser } from '@parkside/core';
import {
  bookings,
  driveways,
  events,
  parkingReports,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import { and, eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../transaction';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/** Reports about the host's driveways, newest first, with what the host answered. */
export async function listHostReports(db: Database, host: SessionUser) {
  const rows = await selectBookingPlaces(db, {
    id: parkingReports.id,
    problem: parkingReports.reason,
    ...columnsOf(
      parkingReports,
      'note photoUrl outcome refundCents hostReply reversedAt reversalReason createdAt',
    ),
    drivewayTitle: driveways.title,
    eventTitle: events.title,
    timeZone: events.timeZone,
    driverName: users.name,
  })
    .innerJoin(parkingReports, eq(parkingReports.bookingId, bookings.id))
    .leftJoin(users, eq(users.id, parkingReports.driverId))
    .where(eq(parkingReports.hostId, host.id))
    .orderBy(sql`${parkingReports.createdAt} desc`)
    .limit(100);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    reversedAt: row.reversedAt?.toISOString() ?? null,
  }));
}

const reportLabel = sql<string>`${driveways.title} || ' · ' || ${events.title}`;

/** The host's answer to a report about their driveway: given once, then kept as written. */
export async function replyToReport(
  db: Database,
  actor: AuditActor,
  input: { reportId: string; reply: string },
) {
  return inTransaction(db, async (tx) => {
    const [found] = await selectBookingPlaces(tx, { report: parkingReports, label: reportLabel })
      .innerJoin(parkingReports, eq(parkingReports.bookingId, bookings.id))
      .where(and(eq(parkingReports.id, input.reportId), eq(parkingReports.hostId, actor.user.id)))
      .for('update', { of: parkingReports });
    const report = found?.report;
    if (!report) throw new AppError('NOT_FOUND', 'Report not found.');
    if (report.hostReply !== null) {
      throw new AppError('CONFLICT', 'You have already answered this report.');
    }
    const [answered] = await tx
      .update(parkingReports)
      .set({ hostReply: input.reply, hostRepliedAt: new Date() })
      .where(eq(parkingReports.id, report.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'parking_report.reply',
      targetId: report.id,
      targetLabel: found.label,
    });
    return { id: answered!.id, hostReply: answered!.hostReply };
  });
}
