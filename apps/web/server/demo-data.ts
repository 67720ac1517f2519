import { seedDemoAccounts } from '@parkside/auth';
import {
  bookings,
  conversationReads,
  conversations,
  driveways,
  events,
  listings,
  messages,
  seedDemoData,
  seedDemoListings,
  type Database,
} from '@parkside/db';
import type { StorageService } from '@parkside/storage';
import { and, eq } from 'drizzle-orm';
import { seedDemoPhotos } from './demo-photos';

const MINUTE = 60_000;

/** The demo driver's booking on the demo host's Oak Lane driveway, and what they said about it. */
const DEMO_CONVERSATION = {
  eventSlug: 'byu-vs-arizona-state-football',
  drivewayTitle: 'Wide driveway on Oak Lane',
  driverId: 'demo-driver',
  hostId: 'demo-host',
  idempotencyKey: 'demo-conversation',
  licensePlate: '7KDW219',
  vehicleDescription: 'Gray Subaru Outback',
  /** Oldest first; `ago` in minutes before seeding. */
  messages: [
    {
      from: 'demo-driver',
      ago: 26 * 60,
      body: 'Hi Hayden! I booked your Oak Lane driveway for the game. Is it all right if I get there about an hour before kickoff to tailgate?',
    },
    {
      from: 'demo-host',
      ago: 25 * 60,
      body: 'Hi Dana, of course. The driveway opens an hour before the start. Please pull in on the left so the car behind you can get out.',
    },
    {
      from: 'demo-driver',
      ago: 24 * 60,
      body: "Perfect, thank you! I'll be in a gray Subaru Outback.",
    },
  ],
} as const;

/**
 * A confirmed booking of the demo driver with the demo host, and their conversation about it, both
 * read up to the last message. Idempotent: the booking is keyed by its idempotency key, each
 * message by its client key.
 */
export async function seedDemoConversation(db: Database, { now = new Date() } = {}) {
  const demo = DEMO_CONVERSATION;
  const [listing] = await db
    .select({ id: listings.id, eventId: listings.eventId, priceCents: listings.priceCents })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(
      and(
        eq(events.slug, demo.eventSlug),
        eq(driveways.hostId, demo.hostId),
        eq(driveways.title, demo.drivewayTitle),
      ),
    )
    .limit(1);
  if (!listing) return { messages: 0 };

  await db
    .insert(bookings)
    .values({
      listingId: listing.id,
      eventId: listing.eventId,
      driverId: demo.driverId,
      priceCents: listing.priceCents,
      // Paid on arrival: no fee, the host keeps the whole price (decision 034).
      platformFeeCents: 0,
      hostPayoutCents: listing.priceCents,
      licensePlate: demo.licensePlate,
      vehicleDescription: demo.vehicleDescription,
      paymentStatus: 'due_on_arrival',
      idempotencyKey: demo.idempotencyKey,
      createdAt: new Date(now.getTime() - 27 * 60 * MINUTE),
    })
    .onConflictDoNothing();
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.driverId, demo.driverId), eq(bookings.idempotencyKey, demo.idempotencyKey)),
    );

  const last = new Date(now.getTime() - demo.messages.at(-1)!.ago * MINUTE);
  await db
    .insert(conversations)
    .values({
      bookingId: booking!.id,
      driverId: demo.driverId,
      hostId: demo.hostId,
      createdAt: new Date(now.getTime() - demo.messages[0].ago * MINUTE),
      lastMessageAt: last,
    })
    .onConflictDoNothing({ target: conversations.bookingId });
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.bookingId, booking!.id));

  const inserted = await db
    .insert(messages)
    .values(
      demo.messages.map((message, i) => ({
        conversationId: conversation!.id,
        senderId: message.from,
        body: message.body,
        clientKey: `demo-conversation-${i + 1}`,
        createdAt: new Date(now.getTime() - message.ago * MINUTE),
      })),
    )
    .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
    .returning({ id: messages.id });
  if (inserted.length > 0) {
    await db
      .insert(conversationReads)
      .values(
        [demo.driverId, demo.hostId].map((userId) => ({
          conversationId: conversation!.id,
          userId,
          lastReadAt: last,
        })),
      )
      .onConflictDoNothing();
  }
  return { messages: inserted.length };
}

/**
 * Demo events and the demo accounts (driver, host, admin); prints how to sign in. With the
 * storage service, the demo driveways get their photos too.
 */
export async function seedDemo(db: Database, { storage }: { storage?: StorageService } = {}) {
  const { events: eventCount } = await seedDemoData(db);
  const accounts = await seedDemoAccounts(db);
  await seedDemoListings(db);
  if (storage) await seedDemoPhotos(db, storage);
  await seedDemoConversation(db);
  console.info(
    `Demo data ready: ${eventCount} upcoming events, driveways near them, a booking with a conversation, and these accounts:`,
  );
  for (const account of accounts) {
    console.info(
      `  ${account.role.padEnd(6)}  ${account.email.padEnd(20)}  password: ${account.password}`,
    );
  }
}
