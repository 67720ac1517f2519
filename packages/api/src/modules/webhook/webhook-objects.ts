import { bookings, listings, parkingReports, type Database } from '@parkside/db';
import type { WebhookEventType } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { datesAsText } from '../../http-api/json';
import { bookingShape, listingShape, parkingReportShape } from '../../http-api/shapes';

/**
 * The object an event is about, in the shape /api/v1 gives it (decision 068): a booking, a
 * parking report or a listing. Null when it is gone.
 */
export async function webhookObject(
  db: Database,
  type: WebhookEventType,
  subjectId: string,
): Promise<Record<string, unknown> | null> {
  if (type.startsWith('booking.')) {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, subjectId));
    return row ? bookingShape.parse(datesAsText(row)) : null;
  }
  if (type.startsWith('parking_report.')) {
    const [row] = await db.select().from(parkingReports).where(eq(parkingReports.id, subjectId));
    return row ? parkingReportShape.parse(datesAsText(row)) : null;
  }
  const [row] = await db.select().from(listings).where(eq(listings.id, subjectId));
  return row ? listingShape.parse(datesAsText(row)) : null;
}
