/**
 * What hosts (and the public pages) read about money, in one place per payment mode (decision
 * 055), beside the drivers' story in `money-story.ts`:
 * - online: drivers pay by card when they book; Parkside keeps its fee from the host's payout;
 *   cancels inside the settings' window are refunded to the card;
 * - on arrival: drivers pay the host in person; nothing is charged online, there is no fee and
 *   nothing to refund, and no sentence says otherwise.
 * Which mode applies: the site's (`online` when card payments are set up) on public pages, the
 * host's own (card payments set up and the host's payouts active) on a host's pages.
 */
import { formatBps, formatUsd, hostPayoutCents } from './money';

export interface MoneyTerms {
  /** Drivers pay by card when they book (otherwise the host is paid on arrival). */
  online: boolean;
  /** Parkside's fee on card payments, in basis points. */
  feeBps: number;
  /** Hours before the start that a driver's cancel is refunded in full. */
  fullRefundHours: number;
}

export function moneyTerms(
  online: boolean,
  settings: { platformFeeBps: number; cancelFullRefundHours: number },
): MoneyTerms {
  return {
    online,
    feeBps: settings.platformFeeBps,
    fullRefundHours: settings.cancelFullRefundHours,
  };
}

/** The big figure on `/list` and the sentence under it. */
export function hostShare(terms: MoneyTerms): { figure: string; sentence: string } {
  return terms.online
    ? {
        figure: formatBps(10_000 - terms.feeBps),
        sentence:
          'of every booking is yours. No listing fees, no monthly charges: Parkside only earns when you do.',
      }
    : {
        figure: '100%',
        sentence:
          'of every booking is yours: drivers pay you when they arrive. No listing fees, no monthly charges, nothing taken from the price.',
      };
}

/** "Drivers book, you earn": the third step of hosting. */
export function bookingStepText(terms: MoneyTerms): string {
  const told = "We e-mail you for every booking with the driver's name, plate and vehicle.";
  return terms.online
    ? `${told} Parkside keeps ${formatBps(terms.feeBps)}; the rest is yours.`
    : `${told} The driver pays you the price when they arrive; all of it is yours.`;
}

/** "What you earn" on `/list`, above the worked example (which only card payments have). */
export function whatYouEarnText(terms: MoneyTerms): string {
  return terms.online
    ? `Drivers pay the price you set by card when they book, with nothing added at checkout. Parkside’s fee is ${formatBps(terms.feeBps)} of each booking, taken from your payout and rounded to the cent.`
    : 'Drivers pay you the price you set when they arrive, with nothing added. Parkside charges nothing online and takes nothing from the price: a $20.00 space earns you $20.00.';
}

/** The FAQ's "Who pays, and how much do I keep?". */
export function whoPaysAnswer(terms: MoneyTerms): string {
  return terms.online
    ? `Drivers pay the price you set by card when they book, with nothing added at checkout. Parkside keeps a ${formatBps(terms.feeBps)} fee from each booking and sends you the rest after the event. You see your payout for each space while you set the price, and your earnings per event in My Listings.`
    : 'Drivers pay you the price you set when they arrive, in person. Parkside charges nothing and takes nothing from it. My Listings shows your bookings and what each driver owes you.';
}

/** The FAQ's "What happens if a driver or I cancel?": the driver's cancel, then the host's. */
export function cancelAnswers(terms: MoneyTerms): [driver: string, host: string] {
  const hostCancels =
    'If you need to cancel a booking, do it in My Listings with a short reason. The driver gets an e-mail with your reason';
  return terms.online
    ? [
        `A driver who cancels at least ${terms.fullRefundHours} hours before the event starts gets a full refund; later than that, there is no refund. Either way the space opens up for someone else.`,
        `${hostCancels} and always a full refund, so please cancel only when you must.`,
      ]
    : [
        'A driver who cancels simply does not come and pays nothing: nothing was charged when they booked. The space opens up for someone else.',
        `${hostCancels} and pays nothing, so please cancel only when you must.`,
      ];
}

/**
 * What the host gets from a price, said under the price field as they type (`cents` null until
 * the typed text is a price): `strong` is the amount shown in bold, between `before` and `after`.
 */
export function priceHint(
  terms: MoneyTerms,
  cents: number | null,
): { before: string; strong?: string; after?: string } {
  if (!terms.online) {
    return {
      before:
        cents === null
          ? 'Drivers pay you the price you set when they arrive; you keep all of it.'
          : `Drivers pay you ${formatUsd(cents)} when they arrive; you keep all of it.`,
    };
  }
  const fee = formatBps(terms.feeBps);
  if (cents === null) {
    return {
      before: `Drivers pay the price you set by card; Parkside keeps a ${fee} fee from it.`,
    };
  }
  return {
    before: 'You receive ',
    strong: formatUsd(hostPayoutCents(cents, terms.feeBps)),
    after: ` after the ${fee} fee. Drivers pay ${formatUsd(cents)} by card.`,
  };
}

/** Under the host's money line of one booking on My Listings. */
export function bookingPayNote(paidByCard: boolean): string {
  return paidByCard
    ? 'Paid out to you after the event'
    : 'Paid to you by the driver on arrival, in full';
}

/** Why "Close listing" is off while bookings are confirmed. */
export function closeBlockedNote(terms: MoneyTerms): string {
  return terms.online
    ? 'Cancel its bookings before closing (card payments go back to the drivers).'
    : 'Cancel its bookings before closing (each driver is e-mailed).';
}

/** The first paragraph of the host's Parking reports page. */
export function parkingReportsIntro(terms: MoneyTerms): string {
  const then = 'Tell us what happened. Two reports in 90 days send your new listings to review.';
  return terms.online
    ? `When a driver cannot park at your driveway, they report it and we move them nearby or refund them at once; that booking is not paid out. ${then}`
    : `When a driver cannot park at your driveway, they report it and we move them nearby or cancel their booking, so they do not pay you for it. ${then}`;
}

/** What cancelling an event does to `count` confirmed bookings, said before and after. */
export function eventCancelText(
  terms: MoneyTerms,
  count: number,
  when: 'before' | 'after',
): string {
  const bookings = count === 1 ? '1 booking' : `${count} bookings`;
  if (when === 'before') {
    if (count === 0) return 'Nobody has booked parking for it yet, so no bookings are affected.';
    return terms.online
      ? `${bookings} will be cancelled, card payments refunded in full, and every driver and host e-mailed.`
      : `${bookings} will be cancelled and every driver and host e-mailed; nothing was charged, so nobody pays.`;
  }
  const were = count === 1 ? '1 booking was' : `${count} bookings were`;
  return terms.online
    ? `${were} cancelled, card payments refunded in full; drivers and hosts are being e-mailed.`
    : `${were} cancelled; nothing had been charged. Drivers and hosts are being e-mailed.`;
}

/**
 * Words that belong to one mode only: a page told in the other mode must not contain them.
 * On arrival there is no refund, no card, no payout and no fee taken; online, the host does not
 * keep the whole price (a host without payouts yet is paid on arrival, and may be told so).
 */
export const WORDS_OF_THE_OTHER_MODE: Record<'online' | 'onArrival', RegExp[]> = {
  online: [/keep all/i, /charges nothing/i, /takes nothing/i, /100%/],
  onArrival: [
    /refund/i,
    /\bcards?\b/i,
    /payout/i,
    /\bfees? (of|is)\b/i,
    /keeps? a .*fee/i,
    /\d+% fee/i,
  ],
};
