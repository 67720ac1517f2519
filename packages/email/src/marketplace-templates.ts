import { assertLinkUrl, render } from './templates';
import { type EmailContent } from './types';

/** What every booking e-mail shows; the caller formats times in the event's own zone. */
export interface BookingSummary {
  eventTitle: string;
  /** The event's start, e.g. "Sat, Jul 4, 7:00 PM MDT". */
  eventStarts: string;
  drivewayTitle: string;
  /** The full address: drivers only get it once they have booked. */
  address: string;
  /** The parking window, e.g. "Sat, Jul 4, 6:00 PM – 11:00 PM MDT". */
  window: string;
  /** The booking's price, e.g. "$20.00". */
  price: string;
  licensePlate: string | null;
  vehicle: string | null;
}

function summaryRows(b: BookingSummary): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Event', `${b.eventTitle}, ${b.eventStarts}`],
    ['Driveway', b.drivewayTitle],
    ['Address', b.address],
    ['Parking window', b.window],
  ];
  if (b.licensePlate) rows.push(['License plate', b.licensePlate]);
  if (b.vehicle) rows.push(['Vehicle', b.vehicle]);
  return rows;
}

/** The line that links the parking pass, when there is one. */
function passLine(passUrl: string | undefined) {
  return passUrl
    ? [
        {
          kind: 'paragraph' as const,
          text: `Your parking pass, to show your host on arrival: ${assertLinkUrl(passUrl)}`,
        },
      ]
    : [];
}

/** To the driver, right after booking. */
export function bookingConfirmedDriverEmail(input: {
  name: string;
  booking: BookingSummary;
  accessInstructions: string;
  /** The money story's line: "Paid $28.00 by card" or "Pay $28.00 to the host when you arrive". */
  payment: string;
  /** Paid by card (a cancel may refund it); otherwise paid on arrival, nothing charged. */
  paidByCard: boolean;
  url: string;
  /** The parking pass to show on arrival. */
  passUrl?: string;
}): EmailContent {
  const { booking } = input;
  return render({
    subject: `Your parking for ${booking.eventTitle} is booked`,
    heading: 'Your parking is booked',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Your space at ${booking.drivewayTitle} is reserved. Here is everything you need on the day.`,
      },
      {
        kind: 'details',
        rows: [...summaryRows(booking), ['Total', booking.price], ['Payment', input.payment]],
      },
      ...(input.accessInstructions
        ? [{ kind: 'paragraph' as const, text: `How to get in: ${input.accessInstructions}` }]
        : []),
      { kind: 'button', label: 'See your booking', url: assertLinkUrl(input.url) },
      ...passLine(input.passUrl),
      {
        kind: 'note',
        text: input.paidByCard
          ? 'Plans changed? You can cancel from My bookings; what comes back to your card is shown before you confirm.'
          : 'Plans changed? Cancel from My bookings before the event starts. Nothing was charged, so you owe nothing.',
      },
    ],
  });
}

/** To the host, for every booking on their driveway. */
export function bookingConfirmedHostEmail(input: {
  name: string;
  driverName: string;
  booking: BookingSummary;
  /** What the host receives: after the fee when paid by card, the whole price on arrival. */
  payout: string;
  /** The platform fee kept from a card payment, shown so the payout adds up; none on arrival. */
  fee?: string;
  /** "Paid $28.00 by card" or "The driver pays you $28.00 on arrival; you keep all of it". */
  payment: string;
  spacesLeft: number;
  url: string;
}): EmailContent {
  const { booking } = input;
  return render({
    subject: `New booking: ${booking.drivewayTitle} for ${booking.eventTitle}`,
    heading: 'You have a new booking',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.driverName} booked a space at ${booking.drivewayTitle}. Please keep it clear for the parking window.`,
      },
      {
        kind: 'details',
        rows: [
          ...summaryRows(booking),
          ['Payment', input.payment],
          ...(input.fee ? [['Parkside fee', input.fee] as [string, string]] : []),
          ['You receive', input.payout],
          ['Spaces left', String(input.spacesLeft)],
        ],
      },
      { kind: 'button', label: 'See your listings', url: assertLinkUrl(input.url) },
    ],
  });
}

/** To the driver when a booking is cancelled, by them, the host, an admin or the event. */
export function bookingCancelledDriverEmail(input: {
  name: string;
  booking: BookingSummary;
  /** Who cancelled, in words: "You cancelled", "The host cancelled", ... */
  by: 'driver' | 'host' | 'admin' | 'event';
  reason: string | null;
  /** The money story's line: back to the card, no refund, or nothing was charged. */
  money: string;
  url: string;
}): EmailContent {
  const { booking } = input;
  const opening = {
    driver: `You cancelled your parking at ${booking.drivewayTitle}.`,
    host: `The host of ${booking.drivewayTitle} had to cancel your booking.`,
    admin: `Parkside cancelled your booking at ${booking.drivewayTitle}.`,
    event: `${booking.eventTitle} has been cancelled, so your parking at ${booking.drivewayTitle} is cancelled too.`,
  }[input.by];
  return render({
    subject: `Cancelled: your parking for ${booking.eventTitle}`,
    heading: 'Your booking is cancelled',
    name: input.name,
    blocks: [
      { kind: 'paragraph', text: opening },
      ...(input.reason ? [{ kind: 'paragraph' as const, text: `Reason: ${input.reason}` }] : []),
      { kind: 'details', rows: [...summaryRows(booking), ['Payment', input.money]] },
      {
        kind: 'button',
        label: input.by === 'driver' ? 'See your bookings' : 'Find other parking',
        url: assertLinkUrl(input.url),
      },
    ],
  });
}

/** To the host when a booking on their driveway is cancelled. */
export function bookingCancelledHostEmail(input: {
  name: string;
  driverName: string;
  booking: BookingSummary;
  by: 'driver' | 'host' | 'admin' | 'event';
  reason: string | null;
  /** Paid by card: the driver's money goes back; otherwise nothing was charged. */
  paidByCard: boolean;
  url: string;
}): EmailContent {
  const { booking } = input;
  const money = input.paidByCard
    ? 'Their card payment goes back to them in full.'
    : 'Nothing was charged, so nobody owes anything.';
  const opening = {
    driver: `${input.driverName} cancelled their booking at ${booking.drivewayTitle}. The space is free again for other drivers.`,
    host: `You cancelled ${input.driverName}'s booking at ${booking.drivewayTitle}. ${money}`,
    admin: `Parkside cancelled ${input.driverName}'s booking at ${booking.drivewayTitle}. ${money}`,
    event: `${booking.eventTitle} has been cancelled, so ${input.driverName}'s booking at ${booking.drivewayTitle} is cancelled. ${money}`,
  }[input.by];
  return render({
    subject: `Booking cancelled: ${booking.drivewayTitle} for ${booking.eventTitle}`,
    heading: 'A booking was cancelled',
    name: input.name,
    blocks: [
      { kind: 'paragraph', text: opening },
      ...(input.reason ? [{ kind: 'paragraph' as const, text: `Reason: ${input.reason}` }] : []),
      { kind: 'details', rows: summaryRows(booking) },
      { kind: 'button', label: 'See your listings', url: assertLinkUrl(input.url) },
    ],
  });
}

/** To everyone on a sold-out event's wait-list when spaces appear. */
export function waitlistSpacesEmail(input: {
  name: string;
  eventTitle: string;
  eventStarts: string;
  spacesLeft: number;
  url: string;
}): EmailContent {
  const spaces = input.spacesLeft === 1 ? '1 space is' : `${input.spacesLeft} spaces are`;
  return render({
    subject: `Parking just opened up for ${input.eventTitle}`,
    heading: 'Spaces are available',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Good news: ${spaces} available again near ${input.eventTitle} (${input.eventStarts}). Spaces go quickly, so book soon.`,
      },
      { kind: 'button', label: 'Book a space', url: assertLinkUrl(input.url) },
      {
        kind: 'note',
        text: 'You asked us to tell you when parking opened up for this event. This is the only e-mail we send about it.',
      },
    ],
  });
}

/** To one side of a conversation, about a message still unread after a while. */
export function messageUnreadEmail(input: {
  name: string;
  senderName: string;
  eventTitle: string;
  /** The start of the message, as the sender wrote it (shown as text). */
  excerpt: string;
  url: string;
}): EmailContent {
  return render({
    subject: `New message from ${input.senderName}`,
    heading: `${input.senderName} wrote to you`,
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.senderName} sent you a message about your booking for ${input.eventTitle}:`,
      },
      { kind: 'paragraph', text: `“${input.excerpt}”` },
      { kind: 'button', label: 'Read and reply', url: assertLinkUrl(input.url) },
      {
        kind: 'note',
        text: 'We e-mail you about unread messages at most once an hour per conversation.',
      },
    ],
  });
}

/** To the driver, the day before the event. */
export function bookingReminderDriverEmail(input: {
  name: string;
  booking: BookingSummary;
  accessInstructions: string;
  directionsUrl: string;
  url: string;
  /** The parking pass to show on arrival. */
  passUrl?: string;
  /** The money story's line: "Pay $28.00 to the host when you arrive" or "Paid $28.00 by card". */
  payment?: string;
}): EmailContent {
  const { booking } = input;
  return render({
    subject: `Tomorrow: your parking for ${booking.eventTitle}`,
    heading: 'Your parking is tomorrow',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `A reminder for tomorrow: your space at ${booking.drivewayTitle} is waiting for you.`,
      },
      {
        kind: 'details',
        rows: [
          ...summaryRows(booking),
          ...(input.payment ? [['Payment', input.payment] as [string, string]] : []),
        ],
      },
      ...(input.accessInstructions
        ? [{ kind: 'paragraph' as const, text: `How to get in: ${input.accessInstructions}` }]
        : []),
      { kind: 'button', label: 'Get directions', url: assertLinkUrl(input.directionsUrl) },
      ...passLine(input.passUrl),
      { kind: 'note', text: `Your booking: ${assertLinkUrl(input.url)}` },
    ],
  });
}

/** To the host, the day before the event: the cars to expect at each driveway. */
export function bookingReminderHostEmail(input: {
  name: string;
  eventTitle: string;
  eventStarts: string;
  cars: { drivewayTitle: string; driverName: string; plate: string; vehicle: string }[];
  url: string;
}): EmailContent {
  const count = input.cars.length === 1 ? '1 car' : `${input.cars.length} cars`;
  return render({
    subject: `Tomorrow: ${count} for ${input.eventTitle}`,
    heading: 'Your guests arrive tomorrow',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `${count} booked parking at your driveway for ${input.eventTitle} (${input.eventStarts}). Here is who to expect:`,
      },
      {
        kind: 'details',
        rows: input.cars.map((car): [string, string] => [
          car.driverName,
          `${car.plate} · ${car.vehicle} · ${car.drivewayTitle}`,
        ]),
      },
      { kind: 'button', label: 'See your listings', url: assertLinkUrl(input.url) },
    ],
  });
}

/**
 * To the driver whose payment arrived after their hold ran out and the space went to someone
 * else: the money is on its way back.
 */
export function paymentRefundedNoSpaceEmail(input: {
  name: string;
  booking: BookingSummary;
  url: string;
}): EmailContent {
  const { booking } = input;
  return render({
    subject: `Your payment for ${booking.eventTitle} was refunded`,
    heading: 'We refunded your payment',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Your payment for ${booking.drivewayTitle} reached us after your 10-minute hold ran out, and the space had been taken in the meantime. We refunded the full ${booking.price} to your card; it usually shows within 5 to 10 business days.`,
      },
      { kind: 'details', rows: summaryRows(booking) },
      { kind: 'button', label: 'Find another space', url: assertLinkUrl(input.url) },
    ],
  });
}

/** The morning after an event: asks one side of a booking to review the other. */
export function reviewInviteEmail(input: {
  name: string;
  eventTitle: string;
  /** Who or what to review: "Wide driveway on Oak Lane" or "Dana". */
  subject: string;
  role: 'driver' | 'host';
  url: string;
}): EmailContent {
  return render({
    subject:
      input.role === 'driver'
        ? `How was your parking for ${input.eventTitle}?`
        : `How was ${input.subject} as a guest?`,
    heading: input.role === 'driver' ? 'How was your parking?' : 'How was your guest?',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text:
          input.role === 'driver'
            ? `We hope ${input.eventTitle} was great. A few stars for ${input.subject} help other drivers choose, and tell your host how it went.`
            : `${input.subject} parked at your driveway for ${input.eventTitle}. A few stars help other hosts know who they are welcoming.`,
      },
      { kind: 'button', label: 'Leave a review', url: assertLinkUrl(input.url) },
      { kind: 'note', text: 'Reviews take a minute and can be changed for 14 days.' },
    ],
  });
}

/** To a host, when an admin approved or rejected one of their listings. */
export function listingReviewedEmail(input: {
  name: string;
  drivewayTitle: string;
  eventTitle: string;
  decision: 'approved' | 'rejected';
  /** The admin's reason, for a rejection. */
  reason: string | null;
  url: string;
}): EmailContent {
  const approved = input.decision === 'approved';
  return render({
    subject: approved
      ? `Your driveway is live for ${input.eventTitle}`
      : `Your listing for ${input.eventTitle} was not approved`,
    heading: approved ? 'Your listing is live' : 'Your listing was not approved',
    name: input.name,
    blocks: approved
      ? [
          {
            kind: 'paragraph',
            text: `We checked "${input.drivewayTitle}" for ${input.eventTitle}. Drivers can see it and book it now.`,
          },
          { kind: 'button', label: 'See your listings', url: assertLinkUrl(input.url) },
        ]
      : [
          {
            kind: 'paragraph',
            text: `We checked "${input.drivewayTitle}" for ${input.eventTitle} and did not approve it. The reason: ${input.reason ?? 'none given'}`,
          },
          {
            kind: 'paragraph',
            text: 'Drivers do not see this listing. Reply to this e-mail if you think we got it wrong.',
          },
          { kind: 'button', label: 'See your listings', url: assertLinkUrl(input.url) },
        ],
  });
}

/** To a host, when a driver reported at the driveway that they could not park there. */
export function parkingReportHostEmail(input: {
  name: string;
  driverName: string;
  drivewayTitle: string;
  eventTitle: string;
  /** What the driver found, as the report names it ("The space was blocked"). */
  problem: string;
  note: string;
  /** `cancelled`: chose the refund, but nothing had been charged (paid on arrival). */
  outcome: 'rebooked' | 'refunded' | 'cancelled';
  url: string;
}): EmailContent {
  const outcome = {
    rebooked: `${input.driverName} parked at another driveway nearby instead, so this booking is cancelled and is not paid out.`,
    refunded: `${input.driverName} took a full refund, so this booking is cancelled and is not paid out.`,
    cancelled: `${input.driverName} cancelled the booking, so they will not pay you for it.`,
  }[input.outcome];
  return render({
    subject: `A driver could not park at ${input.drivewayTitle}`,
    heading: 'A driver could not park',
    name: input.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.driverName} reported a problem at "${input.drivewayTitle}" for ${input.eventTitle}: ${input.problem}.`,
      },
      ...(input.note ? [{ kind: 'paragraph' as const, text: `They wrote: "${input.note}"` }] : []),
      { kind: 'paragraph', text: outcome },
      {
        kind: 'paragraph',
        text: 'Tell us what happened: your answer goes with the report to the Parkside team. Two reports in 90 days send your listings to review.',
      },
      { kind: 'button', label: 'Answer the report', url: assertLinkUrl(input.url) },
    ],
  });
}
