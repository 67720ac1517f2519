/**
 * The authorization matrix: every procedure of the API, who may call it, and whose objects it
 * names. One seeded database with two sides (host A and driver A, host B and driver B), an
 * unverified user, an admin and a visitor proves, for every procedure, that
 * - a visitor gets UNAUTHORIZED where signing in is needed,
 * - an unverified user gets FORBIDDEN where a verified e-mail is needed,
 * - everyone but an admin gets FORBIDDEN on admin-only procedures,
 * - side B naming side A's booking, listing, driveway, event or upload gets NOT_FOUND,
 * - lists of "my" things show nothing of the other side,
 * and that every refusal leaves the database exactly as it was. A procedure added to the router
 * without a row here fails the first test.
 */
import {
  admins,
  apiTokens,
  bookings,
  conversations,
  driveways,
  emailJobs,
  events,
  eventWaitlist,
  feedback,
  jobs,
  listings,
  parkingReports,
  storageObjects,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type Booking,
  type Event,
} from '@parkside/db';
import { createRateLimits, type RateLimits, type SessionUser } from '@parkside/core';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { sha256Hex } from '@parkside/storage';
import { API_TOKEN_SCOPES, eventEditFields, type ApiTokenScope } from '@parkside/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from './context';
import { appRouter, createCaller } from './root';
import { createTestStorage, type TestStorage } from './test-storage';
import { eventInput, makeEvent, makeListing } from './test-marketplace';
import { insertUsers, testUser } from './test-users';
import {
  ADMIN_REQUIRED_MESSAGE,
  missingScopeMessage,
  SESSION_ONLY_MESSAGE,
  SIGN_IN_REQUIRED_MESSAGE,
  VERIFICATION_REQUIRED_MESSAGE,
} from './trpc';
import { API_TOKEN_MESSAGES } from './modules/api-token/api-token.service';

const people = {
  visitor: null,
  unverified: testUser('authz-unverified', { emailVerified: false }),
  hostA: testUser('authz-host-a', { isHost: true }),
  driverA: testUser('authz-driver-a'),
  hostB: testUser('authz-host-b', { isHost: true }),
  driverB: testUser('authz-driver-b'),
  admin: testUser('authz-admin', { isAdmin: true }),
} satisfies Record<string, SessionUser | null>;
type Who = keyof typeof people;
const NON_ADMINS = ['unverified', 'hostA', 'driverA', 'hostB', 'driverB'] as const;
const SIDE_B = ['hostB', 'driverB'] as const;

let handle: TestDatabase;
let files: TestStorage;

/* ---------- One side of the marketplace ---------- */

/**
 * What one host and one driver own: an event the host created with a listing on the host's
 * driveway and the driver's confirmed booking on it; a second driveway listed for a second event
 * without bookings; an ended and an archived event of the host; two uploads of the host (one
 * shown on the driveway); a feedback for the admin-only procedures; and an API token of the host.
 */
interface World {
  event: Event;
  listing: typeof listings.$inferSelect;
  driveway: typeof driveways.$inferSelect;
  booking: Booking;
  spare: { event: Event; listing: typeof listings.$inferSelect; drivewayId: string };
  endedEvent: Event;
  archivedEvent: Event;
  /** Uploaded under users/{host}/ and shown on the driveway. */
  photo: string;
  /** Uploaded under users/{host}/, not used anywhere yet. */
  upload: string;
  feedbackId: string;
  tokenId: string;
  /** The booking's conversation, with one message from the driver. */
  conversationId: string;
  /** A listing waiting for an admin's review. */
  inReviewListingId: string;
  /** Two background jobs out of attempts: one to retry, one to discard. */
  failedJobIds: [number, number];
  /** Two webhook endpoints (one to remove) and a delivery to send again. */
  webhookIds: [string, string];
  webhookDeliveryId: string;
  /** A report the driver made about a booking on another driveway of the host. */
  reportId: string;
  /** The driver's booking on a third listing of the host, checked in (an admin may undo it). */
  checkedInBookingId: string;
  /** The driver's booking on that listing, cancelled (an admin may restore it). */
  cancelledBookingId: string;
}

let uploads = 0;
async function uploadAs(user: SessionUser) {
  uploads += 1;
  return files.uploadAs(user, `users/${user.id}/photo-${uploads}.png`);
}

async function storeEvent(creator: SessionUser, startsInDays: number, status: Event['status']) {
  return makeEvent(handle.db, {
    startsInHours: startsInDays * 24,
    title: `Past game ${randomUUID().slice(0, 8)}`,
    slug: `past-game-${randomUUID()}`,
    expectedAttendance: 1000,
    createdBy: creator.id,
    status,
  });
}

/** Rate limits with room for every call the matrix makes (the limits have tests of their own). */
let roomyLimits: RateLimits;

/** The driver's first message on the booking; resolves to the conversation's id. */
async function startConversation(driver: SessionUser, bookingId: string) {
  await call(driver, 'message.send', {
    bookingId,
    body: 'Hi! Is the driveway easy to find?',
    clientKey: `world-${randomUUID()}`,
  });
  const [row] = await handle.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.bookingId, bookingId));
  return row!.id;
}

/** A second admin, so that revoking one never meets the rule that keeps the last. */
const SPARE_ADMIN = 'authz-spare-admin@example.com';

async function failedJobs(): Promise<[number, number]> {
  const rows = await handle.db
    .insert(jobs)
    .values([0, 1].map(() => ({ task: 'email.send', status: 'failed' as const, attempts: 8 })))
    .returning({ id: jobs.id });
  return [rows[0]!.id, rows[1]!.id];
}

async function webhooks(bookingId: string) {
  const rows = await handle.db
    .insert(webhookEndpoints)
    .values(
      [0, 1].map(() => ({
        url: 'https://93.184.216.34/hooks',
        events: ['booking.confirmed' as const],
        secretSalt: 'salt',
      })),
    )
    .returning({ id: webhookEndpoints.id });
  const [event] = await handle.db
    .insert(webhookEvents)
    .values({ type: 'booking.confirmed', subjectId: bookingId, data: { id: bookingId } })
    .returning();
  const [delivery] = await handle.db
    .insert(webhookDeliveries)
    .values({ endpointId: rows[0]!.id, eventId: event!.id, status: 'failed' })
    .returning();
  return {
    webhookIds: [rows[0]!.id, rows[1]!.id] as [string, string],
    webhookDeliveryId: delivery!.id,
  };
}

async function seedWorld(host: SessionUser, driver: SessionUser): Promise<World> {
  const { db } = handle;
  await db
    .insert(admins)
    .values([{ email: SPARE_ADMIN }, { email: people.admin.email }])
    .onConflictDoNothing();
  const main = await makeListing(db, host);
  const spare = await makeListing(db, host);
  const [event] = await db
    .update(events)
    .set({ createdBy: host.id })
    .where(eq(events.id, main.event.id))
    .returning();
  await db.update(events).set({ createdBy: host.id }).where(eq(events.id, spare.event.id));
  const inReview = await makeListing(db, host);
  await db
    .update(listings)
    .set({ status: 'in_review', reviewFlags: ['no_photos'] })
    .where(eq(listings.id, inReview.listing.id));
  const photo = await uploadAs(host);
  const upload = await uploadAs(host);
  const [driveway] = await db
    .update(driveways)
    .set({ photos: [photo] })
    .where(eq(driveways.id, main.driveway.id))
    .returning();
  const booking = await call(driver, 'booking.create', {
    listingId: main.listing.id,
    licensePlate: 'ABC 123',
    vehicleDescription: 'Blue Honda Civic',
    idempotencyKey: `world-${randomUUID()}`,
  });
  // A report the driver made about a booking on another of the host's driveways.
  const reportedListing = await makeListing(db, host);
  const reported = (await call(driver, 'booking.create', {
    listingId: reportedListing.listing.id,
    licensePlate: 'ABC 123',
    vehicleDescription: 'Blue Honda Civic',
    idempotencyKey: `world-${randomUUID()}`,
  })) as Booking;
  const [report] = await db
    .insert(parkingReports)
    .values({
      bookingId: reported.id,
      driverId: driver.id,
      hostId: host.id,
      reason: 'blocked',
      outcome: 'refunded',
    })
    .returning();
  // A third listing: one booking whose car is checked in, one the driver cancelled.
  const third = await makeListing(db, host);
  const bookThird = async () =>
    (await call(driver, 'booking.create', {
      listingId: third.listing.id,
      licensePlate: 'ABC 123',
      vehicleDescription: 'Blue Honda Civic',
      idempotencyKey: `world-${randomUUID()}`,
    })) as Booking;
  const checkedIn = await bookThird();
  await db.update(bookings).set({ checkedInAt: new Date() }).where(eq(bookings.id, checkedIn.id));
  const cancelled = await bookThird();
  await db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledBy: 'driver',
      cancelledAt: new Date(),
      paymentStatus: 'void',
    })
    .where(eq(bookings.id, cancelled.id));
  const [note] = await db
    .insert(feedback)
    .values({ userId: driver.id, userName: driver.name, feedbackText: 'Great app', email: null })
    .returning();
  const [token] = await db
    .insert(apiTokens)
    .values({
      name: 'Gate scanner',
      scopes: ['read'],
      ownerId: host.id,
      secretHash: sha256Hex(randomUUID()),
    })
    .returning();
  return {
    event: event!,
    listing: main.listing,
    driveway: driveway!,
    booking: booking as Booking,
    spare: { event: spare.event, listing: spare.listing, drivewayId: spare.driveway.id },
    endedEvent: await storeEvent(host, -2, 'scheduled'),
    archivedEvent: await storeEvent(host, -3, 'archived'),
    photo,
    upload,
    feedbackId: note!.id,
    tokenId: token!.id,
    conversationId: await startConversation(driver, (booking as Booking).id),
    inReviewListingId: inReview.listing.id,
    failedJobIds: await failedJobs(),
    ...(await webhooks((booking as Booking).id)),
    reportId: report!.id,
    checkedInBookingId: checkedIn.id,
    cancelledBookingId: cancelled.id,
  };
}

/* ---------- Calling procedures by path ---------- */

type Procedure = (input?: unknown) => Promise<unknown>;

/** Calls `path` as `user`: with the session, or through an API token with `scopes`. */
function call(
  user: SessionUser | null,
  path: string,
  input?: unknown,
  scopes?: readonly ApiTokenScope[],
): Promise<unknown> {
  const token = scopes ? { id: randomUUID(), scopes } : null;
  const caller = createCaller(
    createContext({ db: handle.db, user, token, storage: files.storage, limits: roomyLimits }),
  ) as unknown;
  const procedure = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (procedure as Procedure)(input);
}

/** "ok", or the tRPC code the call failed with (anything else is a bug and rethrown). */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

/** Every row a procedure could change, in a comparable form. */
const watched = {
  users,
  admins,
  events,
  driveways,
  listings,
  bookings,
  feedback,
  eventWaitlist,
  emailJobs,
  apiTokens,
  storageObjects,
};
async function snapshot(): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    Object.entries(watched).map(async ([name, table]) => {
      const rows = await handle.db.select().from(table);
      return [name, rows.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Calls and expects the refusal `code` (and `message`), with the database unchanged after. */
async function expectRefused(
  who: Who,
  path: string,
  input: unknown,
  code: TRPCError['code'],
  message?: string,
  scopes?: readonly ApiTokenScope[],
) {
  const before = await snapshot();
  const error = await call(people[who], path, input, scopes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `${path} as ${who} should be refused with ${code}`).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code, `${path} as ${who}: ${(error as Error).message}`).toBe(code);
  if (message) expect((error as TRPCError).message).toBe(message);
  expect(await snapshot(), `${path} as ${who} changed the database`).toEqual(before);
}

/* ---------- The matrix ---------- */

type Access = 'public' | 'signed-in' | 'verified' | 'admin';
/**
 * Whose objects the input names:
 * - none: nothing, or only public things (events, open listings);
 * - self: the caller's own account or the caller's own things, found by the session alone;
 * - driver: a booking, which its driver (for cancelling also its host) may use;
 * - host: a listing or driveway, which only its host may use;
 * - creator: an event, which its creator or an admin may edit;
 * - admin: things only admins manage (every event's state, feedback, API tokens).
 */
/** New terms for side A's listing: its window kept, the price and spaces given. */
const listingTerms = (a: World, priceCents: number, spacesOffered: number) => ({
  listingId: a.listing.id,
  priceCents,
  spacesOffered,
  availableFrom: a.listing.availableFrom.toISOString(),
  availableTo: a.listing.availableTo.toISOString(),
});

type Owner = 'none' | 'self' | 'driver' | 'host' | 'creator' | 'admin';

interface Rule {
  access: Access;
  owner: Owner;
  /** A valid input naming side A's objects. */
  input: (a: World) => unknown;
  /**
   * What callers past the guard get, each on a fresh side A ("ok" unless said). An outcome that
   * is not "ok" is a rule of the product, not of authorization, and is explained beside it.
   */
  outcomes: [Who, string][];
  /** Inputs naming side A's objects (or uploads) from side B: B must get NOT_FOUND. */
  foreign?: (a: World, b: World) => unknown[];
}

/** The same event with a new title: the times and place stay, so a booked event may change. */
const eventUpdate = (event: Event, title = 'Renamed game day') => ({
  ...eventEditFields(event),
  id: event.id,
  title,
});

const bookingRequest = (listingId: string) => ({
  listingId,
  licensePlate: 'XYZ 987',
  vehicleDescription: 'Red Ford F-150',
  idempotencyKey: `authz-${randomUUID()}`,
});

const matrix: Record<string, Rule> = {
  'account.me': {
    access: 'signed-in',
    owner: 'self',
    input: () => undefined,
    outcomes: [['unverified', 'ok']],
  },
  'account.signInMethods': {
    access: 'signed-in',
    owner: 'self',
    input: () => undefined,
    outcomes: [['unverified', 'ok']],
  },
  'account.updateProfile': {
    access: 'signed-in',
    owner: 'self',
    input: () => ({ name: 'Sam Rivera', phoneNumber: '', address: '' }),
    outcomes: [['unverified', 'ok']],
  },
  'account.becomeHost': {
    access: 'signed-in',
    owner: 'self',
    input: () => undefined,
    outcomes: [['unverified', 'ok']],
  },

  'admin.overview': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },

  'admin.pendingWork': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },

  'admin.users': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ q: 'authz', page: 1 }),
    outcomes: [['admin', 'ok']],
  },
  'admin.user': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.booking.driverId }),
    outcomes: [['admin', 'ok']],
  },
  'admin.admins': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'admin.events': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ status: 'archived', page: 1 }),
    outcomes: [['admin', 'ok']],
  },
  'admin.event': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.event.id }),
    outcomes: [['admin', 'ok']],
  },
  'admin.audit': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ action: 'admin.grant' }),
    outcomes: [['admin', 'ok']],
  },

  'admin.listingQueue': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'admin.decideListing': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({
      listingId: a.inReviewListingId,
      decision: 'rejected',
      reason: 'The photos show a lawn, not a driveway.',
    }),
    outcomes: [['admin', 'ok']],
  },

  'admin.system': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'admin.retryJob': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.failedJobIds[0] }),
    outcomes: [['admin', 'ok']],
  },
  'admin.discardJob': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.failedJobIds[1] }),
    outcomes: [['admin', 'ok']],
  },

  'webhook.list': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'webhook.byId': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.webhookIds[0] }),
    outcomes: [['admin', 'ok']],
  },
  'webhook.create': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ url: 'https://93.184.216.34/parkside', events: ['booking.cancelled'] }),
    outcomes: [['admin', 'ok']],
  },
  'webhook.setPaused': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.webhookIds[0], paused: true }),
    outcomes: [['admin', 'ok']],
  },
  'webhook.remove': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.webhookIds[1] }),
    outcomes: [['admin', 'ok']],
  },
  'webhook.sendAgain': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ deliveryId: a.webhookDeliveryId }),
    outcomes: [['admin', 'ok']],
  },

  'admin.parkingReports': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'admin.reverseParkingReport': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ reportId: a.reportId, reason: 'The host sent a photo of the open space.' }),
    outcomes: [['admin', 'ok']],
  },

  'admin.undoCheckIn': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ bookingId: a.checkedInBookingId, reason: 'The host scanned the wrong pass.' }),
    outcomes: [['admin', 'ok']],
  },
  'admin.restoreBooking': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ bookingId: a.cancelledBookingId, reason: 'Cancelled by mistake.' }),
    outcomes: [['admin', 'ok']],
  },

  'admin.conversations': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ q: 'authz', page: 1 }),
    outcomes: [['admin', 'ok']],
  },
  'admin.conversation': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.conversationId }),
    outcomes: [['admin', 'ok']],
  },

  'admin.grantAdmin': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ email: `new-admin-${randomUUID()}@example.com` }),
    outcomes: [['admin', 'ok']],
  },
  'admin.revokeAdmin': {
    access: 'admin',
    owner: 'admin',
    input: () => ({ email: SPARE_ADMIN }),
    outcomes: [['admin', 'ok']],
  },

  'availability.forEvents': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ eventIds: [a.event.id] }),
    outcomes: [['visitor', 'ok']],
  },

  'apiToken.mine': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['driverA', 'ok']],
  },
  'apiToken.create': {
    access: 'verified',
    owner: 'self',
    input: () => ({ name: 'Ticket scanner', scopes: ['read'] }),
    // Anyone verified makes tokens for themselves; only an admin may give one the admin scope.
    outcomes: [['driverA', 'ok']],
  },
  'apiToken.revoke': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ id: a.tokenId }),
    // Only the token's owner; an admin revokes others' tokens with apiToken.revokeAny.
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ id: a.tokenId }],
  },
  'apiToken.list': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'apiToken.revokeAny': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.tokenId }),
    outcomes: [['admin', 'ok']],
  },

  'booking.create': {
    access: 'verified',
    owner: 'none',
    input: (a) => bookingRequest(a.listing.id),
    // Any verified driver books an open listing; its host cannot book their own driveway.
    outcomes: [
      ['driverB', 'ok'],
      ['hostA', 'FORBIDDEN'],
    ],
  },
  'booking.mine': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['driverA', 'ok']],
  },
  'booking.byId': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    // Only its driver reads a booking here; the host sees it on /my-listings.
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'booking.forEvent': {
    access: 'verified',
    owner: 'self',
    input: (a) => ({ eventId: a.event.id }),
    // A host gets the bookings on their own driveways (none for a stranger); an admin all.
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'ok'],
    ],
  },
  'booking.preview': {
    access: 'verified',
    owner: 'none',
    input: (a) => ({ listingId: a.listing.id }),
    outcomes: [['driverB', 'ok']],
  },
  'booking.cancel': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id, reason: 'Our plans changed.' }),
    // Its driver or the host of its driveway; admins cancel whole events instead.
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id, reason: 'Not mine to cancel.' }],
  },

  'booking.release': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    // Only its driver; a confirmed booking has no hold to release and stays as it is.
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },

  'pass.get': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    // The pass is its driver's alone: not the host's, not an admin's.
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'pass.arrivals': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },
  'pass.offline': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
    ],
  },
  'pass.checkIn': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ bookingId: a.booking.id }),
    // Its host only, and only on the day: side A's event is days away.
    outcomes: [
      ['hostA', 'CONFLICT'],
      ['driverA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'parkingReport.options': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'parkingReport.create': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id, problem: 'blocked', choice: 'refund' }),
    // The booking's driver only, and only in its parking window (side A's is days away).
    outcomes: [
      ['driverA', 'CONFLICT'],
      ['hostA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id, problem: 'unsafe', choice: 'rebook' }],
  },
  'parkingReport.forHost': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },
  'parkingReport.reply': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ reportId: a.reportId, reply: 'The gate was open all evening.' }),
    // The reported driveway's host only: not the driver who reported, not an admin.
    outcomes: [
      ['hostA', 'ok'],
      ['driverA', 'NOT_FOUND'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ reportId: a.reportId, reply: 'Not mine.' }],
  },
  'review.forBooking': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'review.save': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id, rating: 5, body: 'Easy to find.' }),
    // The booking's two people, once the event is over (side A's is still ahead).
    outcomes: [
      ['driverA', 'CONFLICT'],
      ['hostA', 'CONFLICT'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id, rating: 1 }],
  },

  'payout.status': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },
  'payout.setup': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    // Without a payment provider there is nothing to set up.
    outcomes: [['hostA', 'CONFLICT']],
  },
  'payout.refresh': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },

  'message.threads': {
    access: 'verified',
    owner: 'self',
    input: () => ({}),
    outcomes: [['driverA', 'ok']],
  },
  'message.thread': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    // The booking's two people; not even an admin reads it here (admin.conversation does).
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'message.send': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({
      bookingId: a.booking.id,
      body: 'See you at six.',
      clientKey: `authz-${randomUUID()}`,
    }),
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [
      { bookingId: a.booking.id, body: 'Not my booking.', clientKey: `authz-${randomUUID()}` },
    ],
  },
  'message.markRead': {
    access: 'verified',
    owner: 'driver',
    input: (a) => ({ bookingId: a.booking.id }),
    outcomes: [
      ['driverA', 'ok'],
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ bookingId: a.booking.id }],
  },
  'message.unreadCount': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['driverA', 'ok']],
  },

  'event.list': {
    access: 'public',
    owner: 'none',
    input: () => ({}),
    outcomes: [['visitor', 'ok']],
  },
  'event.bySlug': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ slug: a.event.slug }),
    outcomes: [['visitor', 'ok']],
  },
  'event.byId': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ id: a.event.id }),
    outcomes: [['visitor', 'ok']],
  },
  'event.create': {
    access: 'verified',
    owner: 'none',
    input: () => eventInput(),
    outcomes: [['driverB', 'ok']],
  },
  'event.import': {
    access: 'verified',
    owner: 'none',
    input: () => ({ events: [{ ...eventInput(), importKey: `row-${randomUUID()}` }] }),
    outcomes: [['driverB', 'ok']],
  },
  'event.forEdit': {
    access: 'verified',
    owner: 'creator',
    input: (a) => ({ id: a.event.id }),
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'ok'],
    ],
    foreign: (a) => [{ id: a.event.id }],
  },
  'event.update': {
    access: 'verified',
    owner: 'creator',
    input: (a) => eventUpdate(a.event),
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'ok'],
    ],
    foreign: (a) => [eventUpdate(a.event, 'Taken over')],
  },
  'event.mine': {
    access: 'verified',
    owner: 'self',
    input: () => ({}),
    outcomes: [['hostA', 'ok']],
  },
  'event.cancel': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.event.id, reason: 'Storm warning for the whole valley.' }),
    outcomes: [['admin', 'ok']],
  },
  'event.archive': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.endedEvent.id }),
    outcomes: [['admin', 'ok']],
  },
  'event.unarchive': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.archivedEvent.id }),
    outcomes: [['admin', 'ok']],
  },

  // Address search: any verified user (hosts fill their forms with it). The matrix runs with no
  // provider configured, so a lookup past the guard answers CONFLICT (a product rule).
  'geocode.capabilities': {
    access: 'verified',
    owner: 'none',
    input: () => undefined,
    outcomes: [['driverA', 'ok']],
  },
  'geocode.suggest': {
    access: 'verified',
    owner: 'none',
    input: () => ({ query: '1700 N Canyon' }),
    outcomes: [['driverA', 'CONFLICT']],
  },
  'geocode.search': {
    access: 'verified',
    owner: 'none',
    input: () => ({ query: '1700 N Canyon' }),
    outcomes: [['driverA', 'CONFLICT']],
  },
  'geocode.reverse': {
    access: 'verified',
    owner: 'none',
    input: () => ({ latitude: 40.259, longitude: -111.656 }),
    outcomes: [['driverA', 'CONFLICT']],
  },

  'feedback.send': {
    access: 'public',
    owner: 'none',
    input: () => ({ feedbackText: 'The map is great.' }),
    outcomes: [['visitor', 'ok']],
  },
  'feedback.list': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },
  'feedback.resolve': {
    access: 'admin',
    owner: 'admin',
    input: (a) => ({ id: a.feedbackId }),
    outcomes: [['admin', 'ok']],
  },

  'listing.forEvent': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ eventId: a.event.id }),
    outcomes: [['visitor', 'ok']],
  },
  'listing.rentPage': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ eventId: a.event.id }),
    outcomes: [['visitor', 'ok']],
  },
  'listing.drivewayPage': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ listingId: a.listing.id }),
    outcomes: [['visitor', 'ok']],
  },
  'listing.priceHelp': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ eventId: a.event.id }),
    outcomes: [['visitor', 'ok']],
  },
  'listing.createWithDriveway': {
    access: 'verified',
    owner: 'none',
    input: (a) => ({
      title: 'Corner lot by the stadium',
      street: '1600 N 900 E',
      city: 'Provo',
      region: 'UT',
      postalCode: '84604',
      latitude: 40.256,
      longitude: -111.649,
      capacity: 2,
      listing: { eventId: a.spare.event.id, priceCents: 1500, spacesOffered: 1 },
    }),
    outcomes: [['driverB', 'ok']],
  },
  'listing.setSpaces': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ listingId: a.listing.id, spacesOffered: 2 }),
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ listingId: a.listing.id, spacesOffered: 4 }],
  },
  'listing.close': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ listingId: a.spare.listing.id }),
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ listingId: a.spare.listing.id }, { listingId: a.listing.id }],
  },
  'listing.mine': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },
  'listing.mineById': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ listingId: a.listing.id }),
    outcomes: [
      ['hostA', 'ok'],
      ['driverA', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ listingId: a.listing.id }],
  },
  'listing.update': {
    access: 'verified',
    owner: 'host',
    input: (a) => listingTerms(a, 2500, 3),
    outcomes: [['hostA', 'ok']],
    foreign: (a) => [listingTerms(a, 100, 1)],
  },
  'listing.sendAgain': {
    access: 'verified',
    owner: 'host',
    // Only a listing that was not approved can be sent again; A's is open.
    input: (a) => listingTerms(a, 2500, 3),
    outcomes: [['hostA', 'CONFLICT']],
    foreign: (a) => [listingTerms(a, 100, 1)],
  },
  'listing.reopen': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ listingId: a.spare.listing.id }),
    outcomes: [['hostA', 'ok']],
    foreign: (a) => [{ listingId: a.spare.listing.id }],
  },
  'listing.add': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({
      drivewayId: a.driveway.id,
      eventId: a.spare.event.id,
      priceCents: 1800,
      spacesOffered: 2,
    }),
    outcomes: [['hostA', 'ok']],
    // A's driveway offered by B, for A's event and for B's own.
    foreign: (a, b) => [
      { drivewayId: a.driveway.id, eventId: a.spare.event.id, priceCents: 100, spacesOffered: 1 },
      { drivewayId: a.driveway.id, eventId: b.spare.event.id, priceCents: 100, spacesOffered: 1 },
    ],
  },
  'listing.eventsNear': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ drivewayId: a.driveway.id, miles: 2 }),
    outcomes: [
      ['hostA', 'ok'],
      ['driverA', 'NOT_FOUND'],
    ],
    foreign: (a) => [{ drivewayId: a.driveway.id, miles: 2 }],
  },
  'listing.eventsNearPoint': {
    access: 'verified',
    owner: 'none',
    // Public events around a point: nothing of anyone's own is read.
    input: () => ({ latitude: 40.2574, longitude: -111.6546, miles: 2 }),
    outcomes: [
      ['hostA', 'ok'],
      ['driverA', 'ok'],
    ],
  },
  'listing.addForEvents': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({
      drivewayId: a.driveway.id,
      eventIds: [a.spare.event.id],
      priceCents: 1800,
      spacesOffered: 2,
    }),
    outcomes: [['hostA', 'ok']],
    // A's driveway listed by B, for A's event and for B's own.
    foreign: (a, b) => [
      {
        drivewayId: a.driveway.id,
        eventIds: [a.spare.event.id],
        priceCents: 100,
        spacesOffered: 1,
      },
      {
        drivewayId: a.driveway.id,
        eventIds: [b.spare.event.id],
        priceCents: 100,
        spacesOffered: 1,
      },
    ],
  },
  'listing.updateDriveway': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({
      drivewayId: a.driveway.id,
      title: 'Renamed driveway',
      description: '',
      accessInstructions: '',
      capacity: 4,
      amenities: [],
    }),
    outcomes: [['hostA', 'ok']],
    foreign: (a) => [
      {
        drivewayId: a.driveway.id,
        title: 'Taken over',
        description: 'Mine now',
        accessInstructions: '',
        capacity: 1,
        amenities: [],
      },
    ],
  },

  'storage.attachDrivewayPhoto': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ drivewayId: a.driveway.id, url: a.upload }),
    outcomes: [['hostA', 'ok']],
    // A's driveway, and A's upload put on B's own driveway.
    foreign: (a, b) => [
      { drivewayId: a.driveway.id, url: a.upload },
      { drivewayId: b.driveway.id, url: a.upload },
    ],
  },
  'storage.removeDrivewayPhoto': {
    access: 'verified',
    owner: 'host',
    input: (a) => ({ drivewayId: a.driveway.id, url: a.photo }),
    outcomes: [['hostA', 'ok']],
    foreign: (a) => [{ drivewayId: a.driveway.id, url: a.photo }],
  },
  'storage.setEventImage': {
    access: 'verified',
    owner: 'creator',
    input: (a) => ({ eventId: a.event.id, url: null }),
    outcomes: [
      ['hostA', 'ok'],
      ['admin', 'ok'],
    ],
    // A's event, and A's upload put on B's own event.
    foreign: (a, b) => [
      { eventId: a.event.id, url: null },
      { eventId: b.event.id, url: a.upload },
    ],
  },
  'storage.setProfileImage': {
    access: 'signed-in',
    owner: 'self',
    input: () => ({ url: null }),
    outcomes: [['unverified', 'ok']],
    // A's upload as B's own picture.
    foreign: (a) => [{ url: a.upload }],
  },
  'storage.myDriveways': {
    access: 'verified',
    owner: 'self',
    input: () => undefined,
    outcomes: [['hostA', 'ok']],
  },
  'storage.listingPhotos': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ listingIds: [a.listing.id] }),
    outcomes: [['visitor', 'ok']],
  },
  'storage.metrics': {
    access: 'admin',
    owner: 'admin',
    input: () => undefined,
    outcomes: [['admin', 'ok']],
  },

  'system.health': {
    access: 'public',
    owner: 'none',
    input: () => undefined,
    outcomes: [['visitor', 'ok']],
  },

  'waitlist.join': {
    access: 'verified',
    owner: 'none',
    input: (a) => ({ eventId: a.event.id }),
    // Past the guard; joining is only for sold-out events, and this one has spaces left.
    outcomes: [['driverB', 'CONFLICT']],
  },
  'waitlist.waiting': {
    access: 'signed-in',
    owner: 'self',
    input: (a) => ({ eventId: a.event.id }),
    outcomes: [['unverified', 'ok']],
  },
  'waitlist.status': {
    access: 'public',
    owner: 'none',
    input: (a) => ({ eventId: a.event.id }),
    outcomes: [['visitor', 'ok']],
  },
};

const paths = Object.keys(matrix).sort();
const pathsWhere = (test: (rule: Rule) => boolean) => paths.filter((path) => test(matrix[path]!));

/* ---------- Setup ---------- */

let a: World;
let b: World;

beforeAll(async () => {
  handle = await createTestDatabase();
  roomyLimits = createRateLimits(handle.db, { messageSend: 100_000 });
  files = createTestStorage(handle.db);
  await insertUsers(handle.db, ...Object.values(people).filter((p) => p !== null));
  a = await seedWorld(people.hostA, people.driverA);
  b = await seedWorld(people.hostB, people.driverB);
});

afterAll(async () => {
  await handle?.close();
  files?.remove();
});

/* ---------- The tests ---------- */

describe('the matrix', () => {
  it('classifies every procedure of the API, and nothing else', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const missing = procedures.filter((path) => !(path in matrix));
    const stale = paths.filter((path) => !procedures.includes(path));
    expect(missing, 'procedures without a row in the authorization matrix').toEqual([]);
    expect(stale, 'rows for procedures that no longer exist').toEqual([]);
  });

  it('is consistent: the lowest allowed caller succeeds, owned objects have foreign inputs', () => {
    const lowest: Record<Access, Who[]> = {
      public: ['visitor'],
      'signed-in': ['unverified'],
      verified: ['hostA', 'driverA', 'hostB', 'driverB'],
      admin: ['admin'],
    };
    for (const path of paths) {
      const rule = matrix[path]!;
      const allowed = rule.outcomes.filter(([, result]) => result !== 'NOT_FOUND');
      expect(
        allowed.some(([who]) => lowest[rule.access].includes(who)),
        `${path}: an allowed caller of its level`,
      ).toBe(true);
      if (rule.access === 'admin') expect(rule.owner, path).toBe('admin');
      if (['driver', 'host', 'creator'].includes(rule.owner)) {
        expect(rule.foreign, `${path}: inputs naming another user's objects`).toBeDefined();
      }
    }
  });
});

describe('a visitor must sign in', () => {
  it.each(pathsWhere((rule) => rule.access !== 'public'))('%s', async (path) => {
    await expectRefused(
      'visitor',
      path,
      matrix[path]!.input(a),
      'UNAUTHORIZED',
      SIGN_IN_REQUIRED_MESSAGE,
    );
  });
});

describe('an unverified user must verify their e-mail first', () => {
  it.each(pathsWhere((rule) => rule.access === 'verified'))('%s', async (path) => {
    await expectRefused(
      'unverified',
      path,
      matrix[path]!.input(a),
      'FORBIDDEN',
      VERIFICATION_REQUIRED_MESSAGE,
    );
  });
});

describe('only admins pass the admin-only procedures', () => {
  it.each(pathsWhere((rule) => rule.access === 'admin'))('%s', async (path) => {
    for (const who of NON_ADMINS) {
      await expectRefused(who, path, matrix[path]!.input(a), 'FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
    }
  });
});

describe("another user's bookings, listings, driveways, events and uploads do not exist", () => {
  it.each(pathsWhere((rule) => rule.foreign !== undefined))('%s', async (path) => {
    for (const input of matrix[path]!.foreign!(a, b)) {
      for (const who of SIDE_B) await expectRefused(who, path, input, 'NOT_FOUND');
    }
  });
});

describe("lists of one's own things show nothing of anyone else's", () => {
  const idsOf = (world: World) => [
    world.event.id,
    world.spare.event.id,
    world.endedEvent.id,
    world.archivedEvent.id,
    world.listing.id,
    world.spare.listing.id,
    world.driveway.id,
    world.spare.drivewayId,
    world.booking.id,
  ];

  const lists = pathsWhere(
    (rule) => rule.owner === 'self' && rule.outcomes.every(([, result]) => result === 'ok'),
  );
  it.each(lists)('%s', async (path) => {
    const rule = matrix[path]!;
    for (const who of SIDE_B) {
      const shown = JSON.stringify(await call(people[who], path, rule.input(a)));
      for (const id of idsOf(a)) expect(shown, `${path} as ${who} shows ${id}`).not.toContain(id);
    }
    // The other side sees its own: the lists are not simply empty.
    const own = JSON.stringify(await call(people.hostA, path, rule.input(a)));
    const ownDriver = JSON.stringify(await call(people.driverA, path, rule.input(a)));
    if (path === 'booking.mine') expect(ownDriver).toContain(a.booking.id);
    if (path === 'listing.mine') expect(own).toContain(a.listing.id);
    if (path === 'storage.myDriveways') expect(own).toContain(a.driveway.id);
    if (path === 'event.mine') expect(own).toContain(a.event.id);
    if (path === 'booking.forEvent') expect(own).toContain(a.booking.id);
    if (path === 'message.threads') expect(own).toContain(a.booking.id);
  });

  it('public views of a listing hide the house number, the access instructions and the people', async () => {
    const views = [
      await call(null, 'listing.forEvent', { eventId: a.event.id }),
      await call(null, 'listing.rentPage', { eventId: a.event.id }),
      await call(null, 'listing.drivewayPage', { listingId: a.listing.id }),
      await call(people.driverB, 'booking.preview', { listingId: a.listing.id }),
      await call(null, 'storage.listingPhotos', { listingIds: [a.listing.id] }),
      await call(null, 'waitlist.status', { eventId: a.event.id }),
      await call(null, 'event.byId', { id: a.event.id }),
    ]
      // Photo addresses name the folder they were uploaded to (users/{id}/...), by design.
      .map((view) => JSON.stringify(view).replace(/"\/v0\/b\/[^"]*"/g, '"photo"'));
    expect(views[0]).toContain(a.listing.id);
    for (const shown of views) {
      expect(shown).not.toContain(a.driveway.street);
      expect(shown).not.toContain(a.driveway.accessInstructions);
      expect(shown).not.toContain(people.hostA.id);
      expect(shown).not.toContain(people.driverA.id);
      expect(shown).not.toContain(a.booking.id);
    }
  });

  it('an admin sees every event among the managed ones', async () => {
    const shown = JSON.stringify(await call(people.admin, 'event.mine', {}));
    for (const world of [a, b]) expect(shown).toContain(world.event.id);
  });
});

describe('a listing drivers may not see yet', () => {
  // [listing state, who, what booking.preview answers, what listing.drivewayPage answers]
  const cases = [
    ['in_review', 'driverB', 'NOT_FOUND', 'NOT_FOUND'],
    ['in_review', 'driverA', 'NOT_FOUND', 'NOT_FOUND'],
    ['in_review', 'hostB', 'NOT_FOUND', 'NOT_FOUND'],
    ['in_review', 'visitor', 'UNAUTHORIZED', 'NOT_FOUND'],
    ['in_review', 'hostA', 'ok', 'ok'],
    ['in_review', 'admin', 'ok', 'ok'],
    ['rejected', 'driverB', 'NOT_FOUND', 'NOT_FOUND'],
    ['rejected', 'hostA', 'ok', 'ok'],
    ['rejected', 'admin', 'ok', 'ok'],
    // Closed by its host: it was public and its page says so, but it cannot be booked.
    ['closed', 'driverB', 'NOT_FOUND', 'ok'],
    ['closed', 'hostA', 'ok', 'ok'],
    ['open', 'driverB', 'ok', 'ok'],
  ] as const;
  it.each(cases)('%s, as %s: preview %s, driveway page %s', async (status, who, preview, page) => {
    const { listing } = await makeListing(handle.db, people.hostA);
    await handle.db
      .update(listings)
      .set({ status, reviewReason: status === 'rejected' ? 'The photos show a lawn.' : null })
      .where(eq(listings.id, listing.id));
    const input = { listingId: listing.id };
    expect(await outcome(call(people[who], 'booking.preview', input))).toBe(preview);
    expect(await outcome(call(people[who], 'listing.drivewayPage', input))).toBe(page);
    if (page === 'ok' && (status === 'in_review' || status === 'rejected')) {
      // Its host and admins see it marked as what it is.
      const shown = (await call(people[who], 'listing.drivewayPage', input)) as {
        state: string;
        rejectedBecause: string | null;
      };
      expect(shown.state).toBe(status);
      expect(shown.rejectedBecause).toBe(status === 'rejected' ? 'The photos show a lawn.' : null);
    }
  });
});

describe('callers past the guard', () => {
  const cases = paths.flatMap((path) =>
    matrix[path]!.outcomes.map(([who, result]) => [path, who, result] as const),
  );
  it.each(cases)('%s as %s: %s', async (path, who, result) => {
    const fresh = await seedWorld(people.hostA, people.driverA);
    expect(await outcome(call(people[who], path, matrix[path]!.input(fresh)))).toBe(result);
  });
});

/* ---------- API tokens (decision 025) ---------- */

/** What an API token needs for each change; every query needs `read`, admin procedures `admin`. */
const mutationScopes: Record<string, ApiTokenScope | 'session'> = {
  'account.updateProfile': 'account:write',
  'account.becomeHost': 'account:write',
  'apiToken.create': 'session',
  'apiToken.revoke': 'account:write',
  'booking.create': 'bookings:write',
  'booking.cancel': 'bookings:write',
  'booking.release': 'bookings:write',
  'payout.setup': 'account:write',
  'pass.checkIn': 'listings:write',
  'review.save': 'bookings:write',
  'parkingReport.create': 'bookings:write',
  'parkingReport.reply': 'listings:write',
  'payout.refresh': 'account:write',
  'event.create': 'events:write',
  'event.import': 'events:write',
  'event.update': 'events:write',
  'feedback.send': 'messages:write',
  'listing.createWithDriveway': 'listings:write',
  'message.send': 'messages:write',
  'message.markRead': 'messages:write',
  'listing.setSpaces': 'listings:write',
  'listing.close': 'listings:write',
  'listing.update': 'listings:write',
  'listing.reopen': 'listings:write',
  'listing.sendAgain': 'listings:write',
  'listing.add': 'listings:write',
  'listing.addForEvents': 'listings:write',
  'listing.updateDriveway': 'listings:write',
  'storage.attachDrivewayPhoto': 'listings:write',
  'storage.removeDrivewayPhoto': 'listings:write',
  'storage.setEventImage': 'events:write',
  'storage.setProfileImage': 'account:write',
  'waitlist.join': 'bookings:write',
};
const typeOf = (path: string) =>
  (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def
    .type;
const neededScope = (path: string) =>
  matrix[path]!.access === 'admin'
    ? 'admin'
    : typeOf(path) === 'query'
      ? 'read'
      : mutationScopes[path]!;

describe('API tokens: scopes on top of the owner’s rights', () => {
  it('names the scope of every change', () => {
    const changes = paths.filter((p) => typeOf(p) !== 'query' && matrix[p]!.access !== 'admin');
    expect(Object.keys(mutationScopes).sort()).toEqual(changes);
  });

  // A token acts as a person; a visitor's calls are made with a driver's token.
  const tokenCases = paths.map((path) => {
    const [who, result] = matrix[path]!.outcomes.find(([, r]) => r !== 'NOT_FOUND')!;
    return [path, who === 'visitor' ? 'driverA' : who, result] as const;
  });

  it.each(tokenCases)(
    '%s as %s: the needed scope passes, every other is refused',
    async (path, who, result) => {
      const needed = neededScope(path);
      const input = matrix[path]!.input;
      if (needed === 'session') {
        await expectRefused(
          who,
          path,
          input(a),
          'FORBIDDEN',
          SESSION_ONLY_MESSAGE,
          API_TOKEN_SCOPES,
        );
        return;
      }
      const others = API_TOKEN_SCOPES.filter((scope) => scope !== needed);
      await expectRefused(who, path, input(a), 'FORBIDDEN', missingScopeMessage(needed), others);
      const fresh = await seedWorld(people.hostA, people.driverA);
      expect(await outcome(call(people[who], path, input(fresh), [needed]))).toBe(result);
    },
  );

  it('never grants more than the owner has', async () => {
    // Every scope does not make a driver an admin, nor show them another side's booking.
    await expectRefused(
      'driverA',
      'admin.overview',
      undefined,
      'FORBIDDEN',
      ADMIN_REQUIRED_MESSAGE,
      API_TOKEN_SCOPES,
    );
    await expectRefused(
      'hostB',
      'booking.byId',
      { bookingId: a.booking.id },
      'NOT_FOUND',
      undefined,
      API_TOKEN_SCOPES,
    );
    // And a token with the admin scope cannot be made for someone who is not an admin.
    await expectRefused(
      'driverA',
      'apiToken.create',
      { name: 'Sneaky', scopes: ['read', 'admin'] },
      'FORBIDDEN',
      API_TOKEN_MESSAGES.adminScope,
    );
    await expectRefused(
      'driverA',
      'apiToken.create',
      { name: 'Greedy', scopes: ['read'], rateLimitPerMinute: 5000 },
      'FORBIDDEN',
      API_TOKEN_MESSAGES.rateLimit,
    );
    expect(
      await outcome(
        call(people.admin, 'apiToken.create', { name: 'Ops', scopes: ['read', 'admin'] }),
      ),
    ).toBe('ok');
  });
});

describe('managing events', () => {
  it('the creator may update their event; a stranger may not; an admin manages any event', async () => {
    const world = await seedWorld(people.hostA, people.driverA);
    const { event } = world;
    const as = (who: Who, path: string, input: unknown) => call(people[who], path, input);

    await expect(
      as('hostA', 'event.update', eventUpdate(event, 'Homecoming')),
    ).resolves.toMatchObject({ title: 'Homecoming' });
    await expectRefused('hostB', 'event.update', eventUpdate(event, 'Hijacked'), 'NOT_FOUND');
    await expectRefused('driverA', 'event.update', eventUpdate(event, 'Hijacked'), 'NOT_FOUND');
    for (const path of ['event.cancel', 'event.archive', 'event.unarchive']) {
      const input =
        path === 'event.cancel' ? { id: event.id, reason: 'Mine to cancel' } : { id: event.id };
      await expectRefused('hostA', path, input, 'FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
    }

    await expect(
      as('admin', 'event.update', eventUpdate(event, 'Homecoming (rescheduled)')),
    ).resolves.toMatchObject({ title: 'Homecoming (rescheduled)' });
    await expect(
      as('admin', 'event.cancel', { id: event.id, reason: 'Storm warning for the valley.' }),
    ).resolves.toMatchObject({ cancelledBookings: 1, event: { status: 'cancelled' } });
    const [booking] = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, world.booking.id));
    // Paid on arrival: nothing was charged, so nothing goes back (decision 034).
    expect(booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'event',
      refundCents: 0,
      paymentStatus: 'void',
    });
    await expect(as('admin', 'event.archive', { id: event.id })).resolves.toMatchObject({
      status: 'archived',
    });
    await expect(as('admin', 'event.unarchive', { id: event.id })).resolves.toMatchObject({
      status: 'cancelled',
    });
  });
});

describe('money at the API boundary', () => {
  const forged = {
    priceCents: 1,
    platformFeeCents: 0,
    hostPayoutCents: 1,
    refundCents: 5000,
    driverId: people.hostB.id,
    status: 'confirmed',
    paymentStatus: 'paid',
  };

  it.each(Object.entries(forged))(
    'booking.create refuses a request carrying %s, and books nothing',
    async (field, value) => {
      await expectRefused(
        'driverB',
        'booking.create',
        { ...bookingRequest(a.listing.id), [field]: value },
        'BAD_REQUEST',
      );
    },
  );

  it("another driver's idempotency key makes a new booking, never returns theirs", async () => {
    const taken = { ...bookingRequest(a.listing.id), idempotencyKey: a.booking.idempotencyKey };
    const mine = (await call(people.driverB, 'booking.create', taken)) as Booking;
    expect(mine.id).not.toBe(a.booking.id);
    expect(mine.driverId).toBe(people.driverB.id);
    const [theirs] = await handle.db.select().from(bookings).where(eq(bookings.id, a.booking.id));
    expect(theirs).toMatchObject({ driverId: people.driverA.id, status: 'confirmed' });
    await call(people.driverB, 'booking.cancel', { bookingId: mine.id });
  });

  it('takes every amount from the stored listing, and a new price only for new bookings', async () => {
    const world = await seedWorld(people.hostA, people.driverA);
    const booked = (await call(
      people.driverB,
      'booking.create',
      bookingRequest(world.listing.id),
    )) as Booking;
    // Paid on arrival (no payment provider here): no fee, the host keeps the whole price.
    expect(booked).toMatchObject({
      driverId: people.driverB.id,
      priceCents: 2000,
      platformFeeCents: 0,
      hostPayoutCents: 2000,
    });

    await call(people.hostA, 'listing.update', matrix['listing.update']!.input(world));
    const [kept] = await handle.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(kept).toMatchObject({ priceCents: 2000, platformFeeCents: 0, hostPayoutCents: 2000 });
    const later = (await call(
      people.driverB,
      'booking.create',
      bookingRequest(world.listing.id),
    )) as Booking;
    expect(later).toMatchObject({ priceCents: 2500, platformFeeCents: 0, hostPayoutCents: 2500 });
  });
});
