import { lockOwnDriveway } from './host-listings.service';
import { driveways, events, listings, type Database } from '@parkside/db';
import type { DrivewayUpdateInput } from '@parkside/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { inTransaction } from '../../transaction';

/*
 * A host's changes to a driveway itself (its listings change in listing-changes.service.ts).
 */

/**
 * A host changes a driveway's description and capacity; the capacity never drops below the
 * spaces offered by its open listings of upcoming events.
 */
export async function updateDriveway(
  db: Database,
  host: SessionUser,
  input: DrivewayUpdateInput,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const driveway = await lockOwnDriveway(tx, host, input.drivewayId);
    const [row] = await tx
      .select({ most: sql<number | null>`max(${listings.spacesOffered})::int` })
      .from(listings)
      .innerJoin(events, eq(events.id, listings.eventId))
      .where(
        and(
          eq(listings.drivewayId, driveway.id),
          eq(listings.status, 'open'),
          eq(events.status, 'scheduled'),
          sql`${events.endsAt} > ${now.toISOString()}::timestamptz`,
        ),
      );
    const most = row?.most ?? 0;
    if (input.capacity < most) {
      throw new AppError(
        'CONFLICT',
        `A listing of this driveway offers ${most} spaces; offer fewer there before lowering the capacity.`,
      );
    }
    const { drivewayId: _id, ...changes } = input;
    const [updated] = await tx
      .update(driveways)
      .set(changes)
      .where(eq(driveways.id, driveway.id))
      .returning();
    return updated!;
  });
}
