import { driveways, events, listings, users, type Database } from '@parkside/db';
import type { DrivewayCreateInput, ListingAddInput } from '@parkside/validators';
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { inTransaction, type Tx } from '../../transaction';
import {
  reviewOfDriveway,
  reviewOfNewListing,
  type DrivewayForReview,
  type DrivewayReview,
} from '../../shared/listing-review';

/**
 * A host lists driveways: a new driveway with its first listing, a listing of it for another
 * event, and the steps they share (the host's own driveway or listing, locked; a listing made
 * with listing review's answer). What a host reads is in host-listings.queries.ts, what a host
 * changes afterwards in listing-changes.service.ts and driveway-changes.service.ts. Every
 * function answers NOT_FOUND for a driveway or listing of anyone else.
 */

const HOUR = 3_600_000;

export const isUpcoming = (event: { status: string; endsAt: Date }, now: Date) =>
  event.status === 'scheduled' && event.endsAt > now;

/** The host's own driveway, locked for a change. */
export async function lockOwnDriveway(tx: Tx, host: SessionUser, drivewayId: string) {
  const [driveway] = await tx
    .select()
    .from(driveways)
    .where(eq(driveways.id, drivewayId))
    .for('update')
    .limit(1);
  if (!driveway || driveway.hostId !== host.id)
    throw new AppError('NOT_FOUND', 'Driveway not found.');
  return driveway;
}

/** The host's own listing with its driveway and event; the driveway row is locked first. */
export async function lockOwnListing(tx: Tx, host: SessionUser, listingId: string) {
  const [found] = await tx
    .select({ drivewayId: listings.drivewayId })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Listing not found.');
  const driveway = await lockOwnDriveway(tx, host, found.drivewayId).catch(() => {
    throw new AppError('NOT_FOUND', 'Listing not found.');
  });
  const [row] = await tx
    .select({ listing: listings, event: events })
    .from(listings)
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(eq(listings.id, listingId))
    .for('update', { of: listings })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Listing not found.');
  return { ...row, driveway };
}

/**
 * A host's driveway and its first event listing, in one transaction. The listing's window
 * defaults to one hour before the event starts until one hour after it ends. The user becomes
 * a host.
 */
export async function createDrivewayWithListing(
  db: Database,
  host: SessionUser,
  input: DrivewayCreateInput,
  publicUrl: string,
) {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Database;
    const [event] = await tx
      .select()
      .from(events)
      .where(eq(events.id, input.listing.eventId))
      .limit(1);
    if (!event || event.status !== 'scheduled' || event.endsAt <= new Date()) {
      throw new AppError('BAD_REQUEST', 'Choose an upcoming event.');
    }
    const { listing: offer, alsoFor, ...place } = input;
    const [driveway] = await tx
      .insert(driveways)
      .values({ ...place, hostId: host.id })
      .returning();
    const listing = await insertListing(tx, driveway!, event, {
      ...offer,
      availableFrom: offer.availableFrom ? new Date(offer.availableFrom) : undefined,
      availableTo: offer.availableTo ? new Date(offer.availableTo) : undefined,
    });
    // The other events ticked on the form, in the same transaction: all or none.
    const also = await insertAlsoFor(tx, driveway!, alsoFor, offer);
    await tx.update(users).set({ isHost: true }).where(eq(users.id, host.id));
    for (const { eventId, status } of [{ eventId: event.id, status: listing.status }, ...also])
      if (status === 'open') await notifyWaitlist(tx, eventId, publicUrl);
    return {
      drivewayId: driveway!.id,
      listingId: listing.id,
      status: listing.status,
      alsoListed: also.length,
    };
  });
}

/**
 * Lists a new driveway for the more events its form ticked: the first listing's spaces and plate
 * rule, its price unless one of their own was given, each default window. An event that is over,
 * cancelled or gone stops the whole submission, naming it.
 */
async function insertAlsoFor(
  tx: Tx,
  driveway: DrivewayForReview,
  alsoFor: DrivewayCreateInput['alsoFor'],
  offer: DrivewayCreateInput['listing'],
) {
  if (alsoFor.length === 0) return [];
  const ids = alsoFor.map((a) => a.eventId);
  const found = await tx.select().from(events).where(inArray(events.id, ids));
  const ofDriveway = await reviewOfDriveway(tx, driveway);
  const now = new Date();
  const made: { eventId: string; status: (typeof listings.$inferSelect)['status'] }[] = [];
  for (const { eventId, priceCents } of alsoFor) {
    const event = found.find((e) => e.id === eventId);
    if (!event || !isUpcoming(event, now)) {
      throw new AppError(
        'BAD_REQUEST',
        `${event ? `"${event.title}" is over or cancelled` : 'One of the events no longer exists'}; nothing was listed.`,
      );
    }
    const listing = await insertListing(
      tx,
      driveway,
      event,
      {
        priceCents: priceCents ?? offer.priceCents,
        spacesOffered: offer.spacesOffered,
        licensePlateRequired: offer.licensePlateRequired,
      },
      ofDriveway,
    );
    made.push({ eventId, status: listing.status });
  }
  return made;
}

/**
 * Makes a listing of the driveway for the event: its position, the terms, the window (by default
 * from an hour before the event starts to an hour after it ends), and listing review's answer:
 * live at once, or waiting for an admin with the flags that sent it there. `ofDriveway` is
 * listing review's reading of the driveway, when the caller lists it for several events.
 */
export async function insertListing(
  tx: Tx,
  driveway: DrivewayForReview,
  event: { id: string; startsAt: Date; endsAt: Date; latitude: number; longitude: number },
  terms: {
    priceCents: number;
    spacesOffered: number;
    licensePlateRequired: boolean;
    availableFrom?: Date;
    availableTo?: Date;
  },
  ofDriveway?: DrivewayReview,
) {
  const availableFrom = terms.availableFrom ?? new Date(event.startsAt.getTime() - HOUR);
  const availableTo = terms.availableTo ?? new Date(event.endsAt.getTime() + HOUR);
  if (availableTo <= availableFrom)
    throw new AppError('BAD_REQUEST', 'The parking window must end after it starts.');
  const review = await reviewOfNewListing(
    tx,
    driveway,
    ofDriveway ?? (await reviewOfDriveway(tx, driveway)),
    event,
    terms.priceCents,
  );
  const [listing] = await tx
    .insert(listings)
    .values({
      drivewayId: driveway.id,
      eventId: event.id,
      location: { x: driveway.longitude, y: driveway.latitude },
      priceCents: terms.priceCents,
      spacesOffered: terms.spacesOffered,
      availableFrom,
      availableTo,
      licensePlateRequired: terms.licensePlateRequired,
      ...review,
    })
    .returning({ id: listings.id, status: listings.status, reviewFlags: listings.reviewFlags });
  return listing!;
}

/** A host offers one of their driveways for another upcoming event. */
export async function addListing(
  db: Database,
  host: SessionUser,
  input: ListingAddInput,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const driveway = await lockOwnDriveway(tx, host, input.drivewayId);
    const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
    if (!event || !isUpcoming(event, now))
      throw new AppError('BAD_REQUEST', 'Choose an upcoming event.');
    if (input.spacesOffered > driveway.capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${driveway.capacity} cars at most.`);
    }
    const [existing] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.drivewayId, driveway.id), eq(listings.eventId, event.id)))
      .limit(1);
    if (existing) {
      throw new AppError(
        'CONFLICT',
        'This driveway is already listed for that event; edit that listing instead.',
      );
    }
    const listing = await insertListing(tx, driveway, event, {
      ...input,
      availableFrom: input.availableFrom ? new Date(input.availableFrom) : undefined,
      availableTo: input.availableTo ? new Date(input.availableTo) : undefined,
    });
    if (listing.status === 'open') await notifyWaitlist(tx, event.id, publicUrl);
    return { listingId: listing.id, status: listing.status };
  });
}
