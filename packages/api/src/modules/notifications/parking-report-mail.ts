import { users, type Database } from '@parkside/db';
import { parkingReportHostEmail } from '@parkside/email';
import { enqueueEmails } from '@parkside/email/queue';
import type { ParkingProblem } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { firstName } from './booking-rows';

/** What the driver found, as told to the host. */
export const PROBLEM_FOR_HOST: Record<ParkingProblem, string> = {
  blocked: 'the space was blocked',
  no_space: 'there was no space left',
  cant_find: 'they could not find the driveway',
  unsafe: 'it did not feel safe',
};

/** Tells the reported driveway's host, in the report's transaction. */
export async function queueParkingReportMail(
  tx: Database,
  report: {
    hostId: string | null;
    driverName: string | null;
    drivewayTitle: string;
    eventTitle: string;
    problem: ParkingProblem;
    note: string;
    outcome: 'rebooked' | 'refunded';
    refundCents: number;
  },
  publicUrl: string,
) {
  if (!report.hostId) return;
  const [host] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, report.hostId));
  if (!host) return;
  await enqueueEmails(tx, [
    {
      to: host.email,
      kind: 'parking-report-host',
      ...parkingReportHostEmail({
        name: host.name,
        driverName: firstName(report.driverName, 'A driver'),
        drivewayTitle: report.drivewayTitle,
        eventTitle: report.eventTitle,
        problem: PROBLEM_FOR_HOST[report.problem],
        note: report.note,
        outcome:
          report.outcome === 'rebooked'
            ? 'rebooked'
            : report.refundCents > 0
              ? 'refunded'
              : 'cancelled',
        url: new URL('/parking-reports', publicUrl).toString(),
      }),
    },
  ]);
}
