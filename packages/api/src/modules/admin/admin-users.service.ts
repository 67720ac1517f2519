import { selectBookingPlaces } from '../../shared/booking-places';
import { AppError } from '@parkside/core';
import { admins, bookings, driveways, events, users, type Database, columnsOf } from '@parkside/db';
import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { numberedPage, type PageRequest } from '../../shared/paging';
import { getSignInMethods } from '../../shared/sign-in-methods';

export const USER_NOT_FOUND = 'No user has that id.';

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Written out: inside a sub-select Drizzle leaves columns unqualified, and "email" would name
// the admins' own column.
const isAdminColumn = sql<boolean>`exists (select 1 from admins a where a.email = "users"."email")`;

/** Users whose e-mail or name holds `q`, newest first, a page at a time. */
export async function listUsers(db: Database, { q, ...paging }: { q?: string } & PageRequest) {
  const where = q
    ? or(ilike(users.email, containing(q)), ilike(users.name, containing(q)))
    : undefined;
  return numberedPage(
    paging,
    (limit, offset) =>
      db
        .select({
          ...columnsOf(users, 'id email name isHost emailVerified createdAt'),
          isAdmin: isAdminColumn,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(users).where(where),
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}

/** One user for the admin: the spec's profile fields, how they sign in, and what they did. */
export async function requireUserDetails(db: Database, id: string) {
  const [user] = await db
    .select({
      ...columnsOf(
        users,
        'id email name isHost emailVerified createdAt termsAccepted termsAcceptedAt phoneNumber profileImageUrl address',
      ),
      isAdmin: isAdminColumn,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const [signIn, userBookings, userDriveways, userEvents] = await Promise.all([
    getSignInMethods(db, id),
    selectBookingPlaces(db, {
      ...columnsOf(bookings, 'id status priceCents refundCents createdAt licensePlate'),
      eventId: events.id,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      eventTimeZone: events.timeZone,
      drivewayTitle: driveways.title,
    })
      .where(eq(bookings.driverId, id))
      .orderBy(desc(bookings.createdAt))
      .limit(100),
    db
      .select(columnsOf(driveways, 'id title street city region capacity status'))
      .from(driveways)
      .where(eq(driveways.hostId, id))
      .orderBy(asc(driveways.title))
      .limit(100),
    db
      .select(columnsOf(events, 'id title status startsAt timeZone'))
      .from(events)
      .where(eq(events.createdBy, id))
      .orderBy(desc(events.startsAt))
      .limit(100),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    user: {
      ...user,
      createdAt: user.createdAt.toISOString(),
      termsAcceptedAt: iso(user.termsAcceptedAt),
    },
    signIn,
    bookings: userBookings.map((b) => ({
      ...b,
      createdAt: b.createdAt.toISOString(),
      eventStartsAt: b.eventStartsAt.toISOString(),
    })),
    driveways: userDriveways,
    events: userEvents.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
  };
}

/** Every admin e-mail, with the account that uses it, if one does yet. */
export async function listAdmins(db: Database) {
  const rows = await db
    .select({ email: admins.email, userId: users.id, name: users.name })
    .from(admins)
    .leftJoin(users, eq(users.email, admins.email))
    .orderBy(asc(admins.email));
  return rows;
}
